/**
 * "Back to services" on a service's page leads to the list it was opened from, with that list's
 * question (open now, near, job, page…), rather than to the plain list. The list notes, in the
 * tab's sessionStorage, which service a click of its opened and from which list address; the
 * service's page reads it back. A tap before the list has hydrated loads the service's page whole
 * and leaves no note: that page's referrer names the list instead. A page opened directly (a new
 * tab, a shared link) finds neither, or a note for another service, and leads to the plain list.
 */

import { localePrefix } from "@/i18n/routing";

export const LIST_RETURN_KEY = "listBeforeService";

const PLAIN_LIST = "/services";

/** The lists a service is opened from (features/directory/components/services-page.tsx), without a language prefix. */
const LIST_PATHS = new Set(["/services", "/stos", "/mechanics"]);

/** The service a link on the list leads to (`/service/<id>`, with or without a language prefix), else null. */
export function serviceIdOfPath(pathname: string): string | null {
  return /^(?:\/[a-z]{2})?\/service\/([^/]+)$/.exec(pathname)?.[1] ?? null;
}

/** The note the list leaves for the service it opens. */
export function listReturnNote(serviceId: string, listHref: string, at: number = Date.now()): string {
  return JSON.stringify({ id: serviceId, href: listHref, at });
}

/** For a service's page loaded whole: the list its referrer names, and when the page was loaded (ms since the epoch). */
export type ReferredList = { list: string; loadedAt: number };

const PREFIXES = Object.values(localePrefix.prefixes);

/**
 * The list a page loaded whole was opened from, as the Link takes it (no language prefix), from the
 * page's referrer; null for another site, another page, or none.
 */
export function listOfReferrer(referrer: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const prefix = PREFIXES.find((p) => url.pathname.startsWith(`${p}/`));
  const path = prefix ? url.pathname.slice(prefix.length) : url.pathname;
  return LIST_PATHS.has(path) ? `${path}${url.search}` : null;
}

/**
 * Where the service's "Back to services" leads: the list that opened this very service, else the
 * plain list. That list is the tab's note (null: none), or, for a page loaded whole from a list
 * (listOfReferrer), that list unless the note was made since (the service opened again from a
 * list within the app). Only one of the lists' own addresses is taken, so nothing stored can make
 * the link lead off the site.
 */
export function backToListHref(note: string | null, serviceId: string, referred: ReferredList | null = null): string {
  const noted = notedList(note, serviceId);
  if (referred && !(noted && noted.at > referred.loadedAt)) return referred.list;
  return noted?.href ?? PLAIN_LIST;
}

/** The note's list when it is for this service and names one of the lists; `at` 0 when it does not say. */
function notedList(note: string | null, serviceId: string): { href: string; at: number } | null {
  if (!note) return null;
  let value: unknown;
  try {
    value = JSON.parse(note);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, href, at } = value as { id?: unknown; href?: unknown; at?: unknown };
  if (id !== serviceId || typeof href !== "string") return null;
  const path = href.split("?")[0]!;
  return LIST_PATHS.has(path) ? { href, at: typeof at === "number" ? at : 0 } : null;
}
