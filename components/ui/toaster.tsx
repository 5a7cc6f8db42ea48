"use client";

import { useEffect, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import { Toaster as Sonner } from "sonner";

import { TOAST_DURATION_MS } from "@/components/ui/toast";
import { useMediaQuery } from "@/components/ui/use-media-query";

/** The space between the header (or the top of a phone's screen under it) and the first toast. */
const GAP = "0.75rem";
const BELOW_HEADER = `calc(var(--site-header-height, 4rem) + ${GAP})`;
/** Above a bar stuck to the screen's bottom (marked data-toast-clearance), and the phone's home bar. */
const ABOVE_BARS = `calc(var(--toast-clearance, 0px) + ${GAP} + env(safe-area-inset-bottom, 0px))`;
/** Sonner's own phone breakpoint (its styles.css): below it a toast spans the screen's width. */
const PHONE = "(max-width: 600px)";

/**
 * How much of the screen's bottom the bars stuck there take (a form's Back / Next): a toast sits
 * above them. A bar not stuck to the bottom (a short page) takes none.
 */
function bottomClearance(): number {
  let clearance = 0;
  for (const bar of document.querySelectorAll("[data-toast-clearance]")) {
    const box = bar.getBoundingClientRect();
    if (box.height > 0 && Math.abs(box.bottom - window.innerHeight) <= 1) clearance = Math.max(clearance, box.height);
  }
  return clearance;
}

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
 * covered its language switch and Sign out. On a phone they come from the bottom instead, under the
 * thumb, above any bar stuck there: across the whole width just below the header they covered what
 * the page says first (a request's status right after sending it). A modal <dialog> sits in the
 * browser's top layer, above any z-index, and makes the rest of the page inert: while one is open
 * the toasts live inside it, at its top, so a toast about the dialog's own form (the map point not
 * chosen) is seen, read out and closable. The toasts' element is moved, not re-rendered, so the
 * toasts on screen stay.
 */
export default function Toaster() {
  const [host] = useState(() => document.createElement("div"));
  const phone = useMediaQuery(PHONE);
  // In a dialog (a modal <dialog>, or a sheet such as the phone's filters) the toasts keep to the
  // top: at the bottom they would cover its own buttons.
  const [inDialog, setInDialog] = useState(false);
  useEffect(() => {
    const place = () => {
      const modal = Array.from(document.querySelectorAll("dialog[open]")).filter(isModal).at(-1);
      const parent = modal ?? document.body;
      if (host.parentElement !== parent) parent.append(host);
      setInDialog(Boolean(modal ?? document.querySelector('[aria-modal="true"]')));
    };
    place();
    // A dialog opened or closed (or a sheet mounted already modal), or the one holding the toasts
    // taken off the page: two queries per batch of changes.
    const dialogs = new MutationObserver(place);
    dialogs.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["open", "aria-modal"],
    });
    const header = document.querySelector("[data-site-header]");
    const measure = () =>
      host.style.setProperty("--site-header-height", `${Math.max(0, header?.getBoundingClientRect().bottom ?? 0)}px`);
    measure();
    // The header grows when it wraps or its phone menu opens.
    const resized = new ResizeObserver(measure);
    if (header) resized.observe(header);
    // A sticky bar sticks to the bottom or not as the page scrolls: read once a frame at most.
    let frame = 0;
    const clear = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        host.style.setProperty("--toast-clearance", `${bottomClearance()}px`);
      });
    };
    clear();
    window.addEventListener("scroll", clear, { passive: true });
    window.addEventListener("resize", clear);
    const bars = new MutationObserver(clear);
    bars.observe(document.body, { subtree: true, childList: true });
    return () => {
      dialogs.disconnect();
      resized.disconnect();
      bars.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", clear);
      window.removeEventListener("resize", clear);
      host.remove();
    };
  }, [host]);
  return createPortal(
    <Sonner
      position={phone && !inDialog ? "bottom-center" : "top-right"}
      offset={{ top: BELOW_HEADER }}
      mobileOffset={{ top: BELOW_HEADER, bottom: ABOVE_BARS }}
      duration={TOAST_DURATION_MS}
      richColors
      style={READABLE_COLOURS}
      closeButton
    />,
    host,
  );
}
