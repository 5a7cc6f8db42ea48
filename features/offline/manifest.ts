import type { MetadataRoute } from "next";
import type { Locale } from "next-intl";

import { localizedPath } from "@/lib/http/locale-path";

/** The brand's blue (brand-600 in app/globals.css, the tile of app/icon.svg): the installed app's bar. */
export const THEME_COLOUR = "#1d4ed8";
const BACKGROUND_COLOUR = "#ffffff";

/**
 * One manifest per language, each linked from the pages of its language (app/[locale]/layout.tsx):
 * the installed app's name under its icon is the one the visitor reads. Served by
 * app/manifests/[file]/route.ts; their extension keeps them out of the proxy's locale routing.
 */
export const MANIFEST_PATHS: Record<Locale, string> = {
  en: "/manifests/en.webmanifest",
  uk: "/manifests/uk.webmanifest",
};

/** Drawn from app/icon.svg by scripts/icons/write-app-icons.ts into public/icons (Apple's beside it: app/apple-icon.png). */
const ICONS: MetadataRoute.Manifest["icons"] = [192, 512].flatMap((size) => [
  { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" as const },
  { src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "maskable" as const },
]);

/**
 * The web app manifest of a language. The app starts on the home page of that language, not on
 * "/", which redirects by the language cookie (so could open the other language) and, being a
 * redirect, is not a page the service worker keeps for offline starts. Its scope is the whole
 * site, so that switching language stays inside the app; its id is its start page, so the app in
 * each language is installed on its own.
 */
export function webAppManifest(locale: Locale, words: { name: string; description: string }): MetadataRoute.Manifest {
  const start = localizedPath(locale, "/home");
  return {
    id: start,
    name: words.name,
    short_name: words.name,
    description: words.description,
    lang: locale,
    dir: "ltr",
    start_url: start,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: ICONS,
  };
}
