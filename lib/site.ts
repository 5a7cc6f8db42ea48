import type { Metadata } from "next";

/** The public origin, for canonical URLs and links in e-mails. */
export function appUrl(): string {
  return (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
}

/** A path that exists in both languages, in each of them ("/home" → "/home", "/ua/home"). */
export function localizedPaths(path: string): { en: string; uk: string } {
  return { en: path, uk: `/ua${path === "/" ? "" : path}` };
}

/** Canonical and hreflang links for a path that exists in both languages ("/home" → "/ua/home"). */
export function alternatesFor(path: string, locale: string): Metadata["alternates"] {
  const { en, uk } = localizedPaths(path);
  return { canonical: locale === "uk" ? uk : en, languages: { en, uk, "x-default": en } };
}
