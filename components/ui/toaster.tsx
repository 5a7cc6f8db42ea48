"use client";

import { useEffect, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import { Toaster as Sonner } from "sonner";

import { TOAST_DURATION_MS } from "@/components/ui/toast";

/** The space between the header (or the top of a phone's screen under it) and the first toast. */
const GAP = "0.75rem";
const BELOW_HEADER = `calc(var(--site-header-height, 4rem) + ${GAP})`;

/**
 * Sonner's rich colours, each text darkened to at least 4.5:1 on its own background (WCAG AA for
 * the toasts' 13 px text): sonner's own green on its pale green measured 4.25:1, its red and blue
 * about 4.3:1. The backgrounds stay sonner's.
 */
const READABLE_COLOURS = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 36%)",
  "--warning-text": "hsl(31, 92%, 28%)",
  "--error-text": "hsl(360, 100%, 38%)",
} as CSSProperties;

function isModal(dialog: Element): boolean {
  try {
    return dialog.matches(":modal");
  } catch {
    return true; // a browser without :modal: every open dialog here is opened with showModal()
  }
}

/**
 * Sonner's toasts, top right as the spec says, but below the sticky header: at the very top they
 * covered its language switch and Sign out. A modal <dialog> sits in the browser's top layer, above
 * any z-index, and makes the rest of the page inert: while one is open the toasts live inside it,
 * so a toast about the dialog's own form (the map point not chosen) is seen, read out and closable.
 * The toasts' element is moved, not re-rendered, so the toasts on screen stay.
 */
export default function Toaster() {
  const [host] = useState(() => document.createElement("div"));
  useEffect(() => {
    const place = () => {
      const modal = Array.from(document.querySelectorAll("dialog[open]")).filter(isModal).at(-1);
      const parent = modal ?? document.body;
      if (host.parentElement !== parent) parent.append(host);
    };
    place();
    // A dialog opened or closed, or the one holding the toasts taken off the page.
    const dialogs = new MutationObserver((records) => {
      if (!host.isConnected || records.some((record) => record.type === "attributes")) place();
    });
    dialogs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
    const header = document.querySelector("[data-site-header]");
    const measure = () =>
      host.style.setProperty("--site-header-height", `${Math.max(0, header?.getBoundingClientRect().bottom ?? 0)}px`);
    measure();
    // The header grows when it wraps or its phone menu opens.
    const resized = new ResizeObserver(measure);
    if (header) resized.observe(header);
    return () => {
      dialogs.disconnect();
      resized.disconnect();
      host.remove();
    };
  }, [host]);
  return createPortal(
    <Sonner
      position="top-right"
      offset={{ top: BELOW_HEADER }}
      mobileOffset={{ top: BELOW_HEADER }}
      duration={TOAST_DURATION_MS}
      richColors
      style={READABLE_COLOURS}
      closeButton
    />,
    host,
  );
}
