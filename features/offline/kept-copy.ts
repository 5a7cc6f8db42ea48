/** Put on <html> by the service worker (public/sw.js) on the copy of a page it keeps: when it was stored. */
export const STORED_AT_ATTRIBUTE = "data-stored-at";

/**
 * The offline page of each language (app/[locale]/offline): the worker keeps it at install,
 * fetched without cookies, and shows it unmarked for any page it has no copy of.
 */
const OFFLINE_PAGE = /^(?:\/ua)?\/offline\/?$/;

/**
 * Whether the document on screen started as one of the service worker's copies: a kept page
 * (marked with STORED_AT_ATTRIBUTE) or the offline page. The worker keeps only pages rendered for
 * nobody, so such a page's "nobody is signed in" says nothing of this browser's session: what acts
 * on the session ending (the device forgetting the person) must not act on it. The offline banner
 * takes the mark off once a kept page has been rendered afresh.
 */
export function isKeptCopy(): boolean {
  return document.documentElement.hasAttribute(STORED_AT_ATTRIBUTE) || OFFLINE_PAGE.test(location.pathname);
}
