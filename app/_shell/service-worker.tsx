"use client";

import { useEffect } from "react";

import { publicEnv } from "@/lib/public-env";

/**
 * Registers the service worker (public/sw.js) that keeps visited pages readable offline, under this
 * build's address: a deploy registers a new one, which drops the old build's caches. Production
 * builds only: under `next dev` it would answer with pages and chunks hot reload has replaced.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (!publicEnv.production || !("serviceWorker" in navigator)) return;
    const worker = navigator.serviceWorker;
    worker
      .register(`/sw.js?v=${encodeURIComponent(publicEnv.buildStamp)}`, { scope: "/", updateViaCache: "none" })
      // A browser may refuse workers (some private modes, a test that blocks them): the site works without.
      .catch(() => undefined);
    // The toasts' code is loaded on first use; once the worker controls the page it is fetched, for
    // the worker to keep it, so that offline a refusal ("You are offline") can still be shown.
    const keepToasts = () => {
      if (!worker.controller) return;
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
      idle(() => void import("@/components/ui/toaster").catch(() => undefined));
    };
    keepToasts();
    worker.addEventListener("controllerchange", keepToasts);
    return () => worker.removeEventListener("controllerchange", keepToasts);
  }, []);
  return null;
}
