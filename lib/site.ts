import type { Metadata } from "next";

/** The public origin, for canonical URLs and links in e-mails. */
export function appUrl(): string {
  return (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
}

/** Canonical and hreflang links for a path that exists in both languages ("/home" → "/ua/home"). */
export function alternatesFor(path: string, locale: string): Metadata["alternates"] {
  const en = path;
  const uk = `/ua${path === "/" ? "" : path}`;
  return { canonical: locale === "uk" ? uk : en, languages: { en, uk, "x-default": en } };
}
