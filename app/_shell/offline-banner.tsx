"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";

import { setOfflineMessage } from "@/components/ui/api-client";
import { STORED_AT_ATTRIBUTE } from "@/features/offline/kept-copy";
import { usePathname, useRouter } from "@/i18n/navigation";

function subscribeToNetwork(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}
const subscribeNothing = () => () => {};

/** When the page on screen was rendered in this document: its load, then each client navigation. */
let shownSince = 0;

/**
 * "You are offline. Showing the page as of …", with the time the page on screen is from: the time
 * the service worker stored it when it is the copy it kept (its <html> says so), else when it was
 * loaded. Shown while the browser is offline, and on a kept copy until the browser is back online
 * (the copy is then rendered afresh) or the visitor goes to another page. It also gives the API
 * client the words for a request refused offline.
 */
export function OfflineBanner() {
  const t = useTranslations("Offline");
  const format = useFormatter();
  const router = useRouter();
  const pathname = usePathname();
  const [firstPathname] = useState(pathname);
  const [refreshed, setRefreshed] = useState(false);
  const online = useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
  const storedAt = useSyncExternalStore(
    subscribeNothing,
    () => document.documentElement.getAttribute(STORED_AT_ATTRIBUTE),
    () => null,
  );
  const refused = t("refused");

  useEffect(() => setOfflineMessage(refused), [refused]);
  useEffect(() => {
    shownSince = Date.now();
  }, [pathname]);
  useEffect(() => {
    if (!storedAt) return;
    const refresh = () => {
      setRefreshed(true);
      router.refresh();
      // Rendered afresh for this visitor: no longer the copy rendered for nobody (kept-copy.ts).
      document.documentElement.removeAttribute(STORED_AT_ATTRIBUTE);
    };
    window.addEventListener("online", refresh);
    return () => window.removeEventListener("online", refresh);
  }, [storedAt, router]);

  const kept = storedAt !== null && !refreshed && pathname === firstPathname;
  // The offline page says it all itself, and shows no page of any time.
  const asOf =
    pathname !== "/offline" && (!online || kept)
      ? new Date(kept ? storedAt : shownSince || performance.timeOrigin)
      : null;
  return (
    // Always there, empty when there is nothing to say, so that screen readers announce the words when they come.
    // A polite live region rather than role="status": an empty status on every page would be one more
    // "status" beside each form's own message.
    <div
      aria-live="polite"
      data-offline-banner=""
      className={
        asOf ? "border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950" : undefined
      }
    >
      {asOf
        ? t("banner", {
            // In the device's own zone: next-intl's default is the server's (UTC on most servers),
            // and "as of 19:09" read at 21:09 in Kyiv looks two hours older than the page is.
            time: format.dateTime(asOf, {
              ...(asOf.toDateString() === new Date().toDateString()
                ? { hour: "2-digit", minute: "2-digit" }
                : { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" }),
              timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            }),
          })
        : null}
    </div>
  );
}
