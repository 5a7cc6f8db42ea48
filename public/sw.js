/*
 * Maister's service worker: the pages a visitor opened stay readable offline, with the built files
 * they need, and a page never opened shows the offline page in its language instead of the
 * browser's error. One plain script, served as it is (no bundler reaches public/); its tests run it
 * in a context of their own (features/offline/service-worker.test.ts). Registered in production
 * builds only, by app/_shell/service-worker.tsx, as /sw.js?v=<build>.
 */
"use strict";

/**
 * The build this worker serves. Each build registers its own address, so a deploy installs a new
 * worker, and its activation drops every cache of the build before: old pages name old chunks, and
 * keeping either without the other serves a page that cannot start.
 */
const VERSION = new URL(self.location.href).searchParams.get("v") || "0";
const CACHE = {
  pages: `maister-pages-${VERSION}`,
  offline: `maister-offline-${VERSION}`,
  static: `maister-static-${VERSION}`,
  assets: `maister-assets-${VERSION}`,
  images: `maister-images-${VERSION}`,
  data: `maister-data-${VERSION}`,
};
/** What each cache may hold; past it the entries stored longest ago go first. */
const LIMIT = { pages: 60, static: 400, assets: 30, images: 200, data: 20 };
/** The offline page of each language (app/[locale]/offline), kept when the worker is installed. */
const OFFLINE_PAGES = ["/offline", "/ua/offline"];
/** How long a page waits for the network before a kept copy is shown instead (a weak signal on the road). */
const PATIENCE_MS = 4000;
/** Put on a kept copy's <html>: the offline banner (app/_shell/offline-banner.tsx) reads when it was stored. */
const STORED_AT = "data-stored-at";
/** The same time on the copy's headers, for this worker. */
const STORED_AT_HEADER = "x-maister-stored-at";
/** A page is fetched again to be kept only when its copy is older than this. */
const KEEP_AGAIN_AFTER_MS = 10 * 60_000;
/**
 * Put by the proxy (features/accounts/proxy/signed-in-hint.ts) on a page rendered for nobody: asked for without a
 * session cookie, or from the page cache. Only such pages are kept. A page rendered for a signed-in
 * person shows them (the header's e-mail, the Saved count, the page's data), and their session can
 * end where this browser does not see it (expiry, "sign out everywhere" on another device, an
 * admin's block): its copy, shown offline or on a slow network, would show them to whoever holds
 * the phone next.
 */
const RENDERED_FOR_HEADER = "x-maister-rendered-for";

/**
 * Pages never kept, with or without /ua: what is one person's (their profile, stations, requests,
 * the admin area, the forms that need an account: the guarded pages of
 * features/accounts/guarded-paths.ts, which the tests keep in step with this list) and the links
 * from e-mails, whose address holds a one-time token. A copy would outlive the session on a shared
 * phone, and none of them is of use without the network.
 */
const PERSONAL_PAGES = [
  "/profile",
  "/addservice",
  "/placeorder",
  "/mechanicregister",
  "/mechanic-profile",
  "/mystos",
  "/requests",
  "/admin",
  "/reset-password",
  "/confirm-email",
  "/confirm-email-change",
];

/** The path without the Ukrainian prefix ("/ua/cart" → "/cart"). */
function pathOf(pathname) {
  return pathname.replace(/^\/ua(?=\/|$)/, "") || "/";
}

function isPersonal(pathname) {
  const path = pathOf(pathname);
  return PERSONAL_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * How a request is answered, or null when the worker leaves it to the network as if it were not
 * there: anything but GET (a write must reach the server or fail; it is never answered from a
 * copy), other sites (map tiles, PayPal), the account's API (/api/users/*: a person's data), the
 * rest of the API (fresh answers or none), and the router's data requests (RSC: when they fail the
 * router loads the page itself, which is then a navigation this worker answers).
 */
function requestRule(request, origin) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (path.startsWith("/api/")) {
    // An API address opened as a page (a data export, a picture in a tab of its own) is no page to keep or replace.
    if (request.mode === "navigate") return null;
    if (path.startsWith("/api/uploads/")) return "image";
    // The Saved list's cards (open status, phones): the last answer is better than none offline.
    return path === "/api/items/cards" ? "data" : null;
  }
  if (request.mode === "navigate") return isPersonal(path) ? "private-page" : "page";
  if (path.startsWith("/_next/static/")) return "static";
  if (path.startsWith("/icons/") || path.startsWith("/manifests/") || ["/icon.svg", "/apple-icon.png"].includes(path))
    return "asset";
  return null;
}

/** The offline page in the language of the address asked for. */
function offlinePageFor(pathname) {
  return /^\/ua(?:\/|$)/.test(pathname) ? "/ua/offline" : "/offline";
}

/**
 * The language of an address, for a request sent without cookies: without the language cookie, an
 * address without /ua would be sent by the browser's Accept-Language to the Ukrainian page.
 */
function languageOf(pathname) {
  return offlinePageFor(pathname) === "/ua/offline" ? "uk" : "en";
}

function wait(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Keeps at most `limit` entries, dropping those stored longest ago (a put moves its key to the end). */
async function trim(cache, limit) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

async function put(name, key, response) {
  const cache = await caches.open(CACHE[name]);
  await cache.put(key, response);
  await trim(cache, LIMIT[name]);
}

/** A page worth keeping: the page itself (not a redirect to it, not an error page), as HTML. */
function isWholePage(response) {
  return (
    response.status === 200 &&
    !response.redirected &&
    (response.headers.get("content-type") || "").includes("text/html")
  );
}

/** Whether a page was rendered for nobody, and so may be shown to anyone who holds this browser. */
function isForNobody(response) {
  return response.headers.get(RENDERED_FOR_HEADER) === "nobody";
}

/**
 * Keeps the built files a page names (its styles, its scripts, also those its router data names),
 * so that its copy is styled and runs offline even when the page itself was loaded before this
 * worker controlled it. Those already kept are not fetched again.
 */
async function keepFilesOf(page) {
  const files = new Set(page.match(/\/_next\/static\/[^"'\s\\)]+/g) || []);
  const cache = await caches.open(CACHE.static);
  await Promise.all(
    [...files].map(async (file) => {
      const url = new URL(file, self.location.origin).href;
      if (await cache.match(url)) return;
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    }),
  );
  await trim(cache, LIMIT.static);
}

/**
 * Keeps a page with the time it was stored on its <html> element. Its headers go with it, the
 * page's policy among them: the page's scripts carry that policy's nonce, so the copy runs as the
 * page did. The body is stored decoded, so its length and encoding headers no longer apply.
 */
async function keepPage(url, response) {
  const page = await response.text();
  const storedAt = new Date().toISOString();
  const marked = page.replace(/<html\b/i, `<html ${STORED_AT}="${storedAt}"`);
  if (marked === page) return;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  headers.set(STORED_AT_HEADER, storedAt);
  await put("pages", url, new Response(marked, { status: response.status, statusText: response.statusText, headers }));
  await keepFilesOf(page);
}

/**
 * Fetches a page to keep it as a visitor without a session would load it: without cookies, in the
 * address's language. Kept only when the server says it was rendered for nobody.
 */
async function fetchAndKeep(url) {
  const response = await fetch(url, {
    credentials: "omit",
    headers: { Accept: "text/html", "Accept-Language": languageOf(new URL(url).pathname) },
  });
  if (isWholePage(response) && isForNobody(response)) await keepPage(url, response);
}

/** Whether the page at `url` was kept less than KEEP_AGAIN_AFTER_MS ago. */
async function keptLately(url) {
  const copy = await caches.match(url, { ignoreVary: true });
  const storedAt = Date.parse((copy && copy.headers.get(STORED_AT_HEADER)) || "");
  return Date.now() - storedAt < KEEP_AGAIN_AFTER_MS;
}

/**
 * A page that came from the network: kept as it is when it was rendered for nobody; else (the
 * visitor is signed in) the page is fetched again without cookies to be kept, unless a copy was
 * kept lately, so that a signed-in visitor costs at most one more request per page in a while.
 */
async function keepFromNetwork(url, response) {
  if (!isWholePage(response)) return;
  if (isForNobody(response)) await keepPage(url, response);
  else if (!(await keptLately(url))) await fetchAndKeep(url);
}

/**
 * A page the router opened in the page (a link followed, a search): the router fetched its data,
 * not the page, so the page is fetched to be kept, unless a copy was kept lately. The router's
 * prefetches are not visits.
 */
async function keepRouterVisit(request) {
  const url = new URL(request.url);
  url.searchParams.delete("_rsc");
  if (requestRule({ url: url.href, method: "GET", mode: "navigate" }, self.location.origin) !== "page") return;
  if (await keptLately(url.href)) return;
  await fetchAndKeep(url.href);
}

/**
 * The pages open when this worker took control were loaded without it: they are fetched again
 * and kept, so that the page a visitor first landed on is readable offline too.
 */
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: "window" });
  await Promise.all(
    windows.map(async ({ url }) => {
      if (requestRule({ url, method: "GET", mode: "navigate" }, self.location.origin) === "page")
        await fetchAndKeep(url);
    }),
  );
}

/**
 * Network first: the network's answer when it comes within PATIENCE_MS (and, for a page we keep,
 * a copy of it); past that a kept copy if there is one, while the fresh page is still stored when
 * it arrives; offline, the kept copy or else the offline page.
 */
async function answerPage(event, keep) {
  const { request } = event;
  const url = new URL(request.url);
  const offlinePage = OFFLINE_PAGES.includes(url.pathname);
  const fromNetwork = fetch(request);
  // Asked for now, while the event is still open: a page arriving after its copy was shown is kept too.
  if (keep && !offlinePage)
    event.waitUntil(
      fromNetwork.then((response) => keepFromNetwork(request.url, response.clone())).catch(() => undefined),
    );
  // The offline page is kept once, without its "from": every visit to it is that copy.
  const kept = offlinePage
    ? caches.match(url.origin + url.pathname, { ignoreVary: true })
    : keep
      ? caches.match(request.url, { ignoreVary: true })
      : Promise.resolve(undefined);
  try {
    return await Promise.race([fromNetwork, wait(PATIENCE_MS).then(async () => (await kept) || fromNetwork)]);
  } catch {
    const copy = await kept;
    if (copy) return copy;
    // The offline page missing too (a worker still installing): the browser's own error, not a loop.
    if (offlinePage) return Response.error();
    const offline = new URL(offlinePageFor(url.pathname), url.origin);
    offline.searchParams.set("from", url.pathname + url.search);
    return Response.redirect(offline.href, 302);
  }
}

/** Built files never change under their name: the cache's copy, else the network's, kept. */
async function cacheFirst(request, name) {
  const copy = await caches.match(request.url);
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok) await put(name, request.url, response.clone());
  return response;
}

/** Icons and manifests: the copy at once, refreshed behind it for next time. */
async function staleWhileRevalidate(event, name) {
  const { request } = event;
  const refreshed = fetch(request).then(async (response) => {
    if (response.ok) await put(name, request.url, response.clone());
    return response;
  });
  event.waitUntil(refreshed.catch(() => undefined));
  return (await caches.match(request.url)) || refreshed;
}

/** Data: the network's answer, kept; offline the last one kept. */
async function networkFirst(request, name) {
  try {
    const response = await fetch(request);
    if (response.ok) await put(name, request.url, response.clone());
    return response;
  } catch (error) {
    const copy = await caches.match(request.url);
    if (copy) return copy;
    throw error;
  }
}

/**
 * The requests after which this browser holds nobody's session: a sign-out, the account deleted,
 * every session ended. Kept pages carry the header's session (the e-mail, an admin's links).
 */
const LEAVING = [
  ["POST", "/api/users/logout"],
  ["DELETE", "/api/users/profile"],
  ["DELETE", "/api/users/sessions"],
];

/** Signing out ends what this browser keeps of the person (spec: logout clears the device's state). */
async function forgetPersonal() {
  await Promise.all([caches.delete(CACHE.pages), caches.delete(CACHE.data)]);
}

self.addEventListener("install", (event) => {
  // Fetched without cookies: the offline page is everyone's, not the page of whoever was signed in.
  // Its language is named (languageOf).
  event.waitUntil(
    caches
      .open(CACHE.offline)
      .then((cache) =>
        Promise.all(
          OFFLINE_PAGES.map(async (path) => {
            const response = await fetch(path, {
              credentials: "omit",
              headers: { "Accept-Language": languageOf(path) },
            });
            if (!response.ok || response.redirected) throw new Error(`${path}: ${response.status}`);
            await cache.put(new URL(path, self.location.origin).href, response.clone());
            await keepFilesOf(await response.text());
          }),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const current = new Set(Object.values(CACHE));
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !current.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
      .then(() => keepOpenPages().catch(() => undefined)),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (
    url.origin === self.location.origin &&
    LEAVING.some(([method, path]) => request.method === method && url.pathname === path)
  ) {
    event.waitUntil(forgetPersonal());
    return;
  }
  if (
    request.method === "GET" &&
    request.headers.get("rsc") === "1" &&
    !request.headers.has("next-router-prefetch") &&
    url.origin === self.location.origin
  )
    event.waitUntil(keepRouterVisit(request).catch(() => undefined));
  const rule = requestRule(request, self.location.origin);
  if (rule === "page") event.respondWith(answerPage(event, true));
  else if (rule === "private-page") event.respondWith(answerPage(event, false));
  else if (rule === "static") event.respondWith(cacheFirst(request, "static"));
  else if (rule === "image") event.respondWith(cacheFirst(request, "images"));
  else if (rule === "asset") event.respondWith(staleWhileRevalidate(event, "assets"));
  else if (rule === "data") event.respondWith(networkFirst(request, "data"));
});

/*
 * Web Push (features/notifications/push/): the server sends { title, body, url, tag } encrypted
 * for this browser; the push service wakes this worker with it. Every push must show a
 * notification (the subscription is userVisibleOnly: Chromium shows a generic "site updated in
 * the background" notice of its own, and may revoke the permission, when a push shows none).
 */
const NOTIFICATION_ICON = "/icons/icon-192.png";

/**
 * The page a notification opens: a URL of this site only, so that a push, whoever managed to
 * send it, can never open another site; anything else opens the home page.
 */
function notificationUrl(value, origin) {
  try {
    const url = new URL(String(value || "/"), origin);
    return url.origin === origin ? url.href : new URL("/", origin).href;
  } catch {
    return new URL("/", origin).href;
  }
}

/** The notification a push shows: its text, and the page to open in `data`. A push that is not our JSON still shows its text. */
function pushNotice(text, origin) {
  let data = {};
  try {
    data = JSON.parse(text || "{}") || {};
  } catch {
    data = { body: String(text || "") };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Maister";
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_ICON,
    data: { url: notificationUrl(data.url, origin) },
  };
  // One tag per page and kind: a newer push about it replaces the older one instead of piling up.
  if (typeof data.tag === "string" && data.tag) options.tag = data.tag;
  return { title, options };
}

self.addEventListener("push", (event) => {
  const { title, options } = pushNotice(event.data ? event.data.text() : "", self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** A window of this site that is open, the focused one first: it goes to the page, rather than one more tab. */
async function openNotificationPage(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = ours.find((each) => each.focused) || ours[0];
  if (client) {
    // navigate() works on a window this worker controls; an uncontrolled one (opened before the
    // worker took over) answers with an error, and then a new window opens instead.
    const moved = await client.navigate(url).catch(() => null);
    if (moved) {
      // focus() is allowed only while a click on the notification is being handled: a refusal leaves the page moved.
      await moved.focus().catch(() => undefined);
      return moved;
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = notificationUrl(event.notification.data && event.notification.data.url, self.location.origin);
  event.waitUntil(openNotificationPage(url));
});
