"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";

import {
  backToListHref,
  LIST_RETURN_KEY,
  listOfReferrer,
  serviceIdOfPath,
  type ReferredList,
} from "@/features/catalog/list-return";
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
 * The list this document was opened from, when the document itself was loaded at this service's
 * page (a tap on the list before it had hydrated is a whole page load and leaves no note); null
 * when it was loaded elsewhere and the service reached within the app, where the referrer is older.
 */
function referredList(serviceId: string): ReferredList | null {
  try {
    const [entry] = performance.getEntriesByType("navigation");
    if (!entry || serviceIdOfPath(new URL(entry.name).pathname) !== serviceId) return null;
    const list = listOfReferrer(document.referrer, window.location.origin);
    return list ? { list, loadedAt: performance.timeOrigin } : null;
  } catch {
    return null;
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
    () => backToListHref(readNote(), serviceId, referredList(serviceId)),
    () => backToListHref(null, serviceId),
  );
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <span aria-hidden>←</span> {t("back")}
    </Link>
  );
}
