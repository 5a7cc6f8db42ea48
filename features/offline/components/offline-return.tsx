"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";

import { localizedPath } from "@/lib/http/locale-path";
import { safeRedirect } from "@/lib/http/safe-redirect";

const subscribeNothing = () => () => {};

/**
 * The offline page's way back to the page asked for (the worker sends it as ?from=): a "Try again"
 * link, and the page opens by itself once the browser is back online. Only a path on this site is
 * followed.
 */
export function OfflineReturn() {
  const t = useTranslations("Offline");
  const locale = useLocale();
  // Read in the browser: the server rendered the kept copy without it (the same copy for every address).
  const from = useSyncExternalStore(
    subscribeNothing,
    () => new URLSearchParams(window.location.search).get("from"),
    () => null,
  );
  const target = localizedPath(locale, safeRedirect(from, "/home"));
  // Read when the page first renders in the browser, before its effects run: the network can come
  // back between the two, and the "online" event then fires before anyone listens. Only a page that
  // began offline goes back by itself (on a network without internet navigator.onLine stays true,
  // and going back would only bring this page again).
  const [beganOffline] = useState(() => typeof navigator !== "undefined" && !navigator.onLine);

  useEffect(() => {
    // Only when the browser says it is online and the site answers: a flicker of the connection is
    // no way back, and a page opened a moment too early would be this page again (the worker answers
    // a navigation that fails with it), which, opened online, no longer goes back by itself. The
    // "online" event can come a moment before navigator.onLine reads true (seen in Chromium 159
    // under Playwright's setOffline), so both are asked again for five seconds. The question goes
    // past the worker (it answers no API request but the card data: public/sw.js).
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const again = (tries: number) => {
      if (tries > 0 && !ended) timer = setTimeout(() => back(tries - 1), 250);
    };
    const back = (tries = 20) => {
      if (!navigator.onLine) return again(tries);
      fetch("/api/health", { method: "HEAD", cache: "no-store" }).then(
        () => {
          if (!ended) window.location.replace(target);
        },
        () => again(tries),
      );
    };
    const onOnline = () => back();
    window.addEventListener("online", onOnline);
    if (beganOffline && navigator.onLine) back();
    return () => {
      ended = true;
      window.removeEventListener("online", onOnline);
      clearTimeout(timer);
    };
  }, [target, beganOffline]);

  return (
    <div className="mt-8">
      {/* A whole page load, not the router's: this page is not the one asked for. */}
      <a
        href={target}
        className="inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        {t("retry")}
      </a>
      <p className="mt-2 text-sm text-slate-600">{t("retryHint")}</p>
    </div>
  );
}
