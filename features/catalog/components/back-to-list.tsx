"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";

import { backToListHref, LIST_RETURN_KEY } from "@/features/catalog/list-return";
import { Link } from "@/i18n/navigation";

const unchanging = () => () => undefined;

function readNote(): string | null {
  try {
    return window.sessionStorage.getItem(LIST_RETURN_KEY);
  } catch {
    return null; // storage refused (private mode): the plain list
  }
}

/**
 * "← Back to services": to the list this service was opened from, its filters kept
 * (features/catalog/list-return.ts). Rendered as the plain list for the page cache and without
 * script, and pointed at the list the tab came from once in the browser.
 */
export function BackToList({ serviceId }: { serviceId: string }) {
  const t = useTranslations("ServiceDetail");
  const href = useSyncExternalStore(
    unchanging,
    () => backToListHref(readNote(), serviceId),
    () => backToListHref(null, serviceId),
  );
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <span aria-hidden>←</span> {t("back")}
    </Link>
  );
}
