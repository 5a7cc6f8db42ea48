import { splitLocale } from "./locale-path";

/**
 * Where to go after sign-in: only a path on this site ("/cart", "/service/…?x=1"), never another
 * origin ("//evil.example", "https://…", "/\\evil"), so the parameter cannot be an open redirect.
 * The answer is locale-free ("/ua/cart" → "/cart"): the navigation helpers add the prefix.
 */
export function safeRedirect(value: string | string[] | null | undefined, fallback = "/"): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw?.startsWith("/")) return fallback;
  const target = splitLocale(raw).path;
  if (target.startsWith("//") || target.includes("\\") || /[\u0000-\u001f]/.test(target)) return fallback;
  return target;
}
