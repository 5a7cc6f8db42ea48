"use client";

import { useTranslations } from "next-intl";
import { useLinkStatus } from "next/link";

import { Spinner } from "./spinner";

/**
 * Inside a Link: while the page it opens is on its way, a spinner after the link's text and
 * "Loading…" for screen readers. The page on screen stays until the next one is there (no
 * route shows a loading state of its own), so this is what says that the click was taken.
 * It shows after a moment, so that a page that comes at once does not flash it.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  const t = useTranslations("Loading");
  if (!pending) return null;
  return (
    <span
      data-link-pending
      className="ml-1.5 inline-flex align-[-0.125em] transition-opacity delay-150 duration-150 starting:opacity-0"
    >
      <Spinner className="text-brand-600" />
      <span role="status" className="sr-only">
        {t("label")}
      </span>
    </span>
  );
}
