/**
 * The language of an API answer: ?lng, then the NEXT_LOCALE cookie, then Accept-Language. Plain
 * (not server-only), so the proxy's own answers pick it the same way as the route handlers.
 */
export type ApiLocale = "en" | "uk";
type LocaleSource = { nextUrl: { searchParams: URLSearchParams }; cookies: { get(name: string): { value: string } | undefined }; headers: { get(name: string): string | null } };

export function requestLocale(request: LocaleSource): ApiLocale {
  const lng = request.nextUrl.searchParams.get("lng");
  if (lng === "ua" || lng === "uk") return "uk";
  if (lng === "en") return "en";
  const cookie = request.cookies.get("NEXT_LOCALE")?.value;
  if (cookie === "uk" || cookie === "en") return cookie;
  const first = (request.headers.get("accept-language") ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("uk") || first.startsWith("ua") ? "uk" : "en";
}
