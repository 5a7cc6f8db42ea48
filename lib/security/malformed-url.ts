/**
 * Whether a raw (still percent-encoded) path cannot be decoded: a "%" without two hex digits after
 * it, or bytes that are not UTF-8 ("%E0%A4%A", "%C0%AF", "%ED%A0%80"). Next 16.4.6's router turns
 * such a path into a bare 500 (it looks for a /400 page the App Router does not have), so the proxy
 * answers 400 before it gets there (lib/proxy/malformed-address.ts). No unit test can ask Next's
 * router: tests/e2e/security.spec.ts ("a malformed percent-encoding is a 400…") run without that
 * step shows whether a newer Next still needs it. The query needs no such check: Next decodes it
 * leniently (U+FFFD for what it cannot decode) and hands the proxy and the page that, re-encoded.
 */
export function isMalformedEncoding(raw: string): boolean {
  if (!raw.includes("%")) return false;
  try {
    decodeURIComponent(raw);
    return false;
  } catch {
    return true;
  }
}

/**
 * A redirect target with its non-ASCII characters percent-encoded. It is the same URL ("/。evil" and
 * "/%E3%80%82evil" name one path), but one that fits in a Location header: Node 20's http refuses
 * to send characters above U+00FF there (ERR_INVALID_CHAR), so a signed-in visitor of
 * /login?redirect=/%E3%80%82evil got a 500. The "still needed" case in malformed-url.test.ts fails
 * once Node takes them.
 * Existing escapes are kept as they are ("%" is ASCII).
 */
export function asciiUrl(value: string): string {
  return value.replace(/[^\u0000-\u007f]+/gu, (text) => encodeURIComponent(text.replace(/\p{Surrogate}/gu, "\ufffd")));
}
