/**
 * Where to go after sign-in: only a path on this site ("/cart", "/service/…?x=1"), never another
 * origin ("//evil.example", "https://…", "/\\evil"), so the parameter cannot be an open redirect.
 */
export function safeRedirect(value: string | string[] | null | undefined, fallback = "/"): string {
  const target = Array.isArray(value) ? value[0] : value;
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\") || /[\u0000-\u001f]/.test(target)) return fallback;
  return target;
}
