/** Put on <html> by the service worker (public/sw.js) on the copy of a page it keeps: when it was stored. */
export const STORED_AT_ATTRIBUTE = "data-stored-at";

/**
 * Whether the document on screen started as the service worker's kept copy. The worker keeps only
 * pages rendered for nobody, so such a page's "nobody is signed in" says nothing of this browser's
 * session: what acts on the session ending (the device forgetting the person) must not act on it.
 * The offline banner takes the mark off once the page has been rendered afresh.
 */
export function isKeptCopy(): boolean {
  return document.documentElement.hasAttribute(STORED_AT_ATTRIBUTE);
}
