import type { Metadata, Viewport } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import type { ReactNode } from "react";

import { ClientMessages } from "@/app/_shell/client-messages";
import { OfflineBanner } from "@/app/_shell/offline-banner";
import { Providers } from "@/app/_shell/providers";
import { ServiceWorker } from "@/app/_shell/service-worker";
import { SiteFooter } from "@/app/_shell/site-footer";
import { SiteHeader } from "@/app/_shell/site-header";
import { MANIFEST_PATHS, THEME_COLOUR } from "@/features/offline/manifest";
import { TrackEvents } from "@/features/stats/components/track-events";
import { toLocale } from "@/i18n/locale";
import { routing } from "@/i18n/routing";
import { env } from "@/lib/env";
import { appUrl } from "@/lib/site";

import "@/app/globals.css";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return {
    metadataBase: new URL(appUrl()),
    title: { default: t("productName"), template: t("titleTemplate") },
    description: t("description"),
    applicationName: t("productName"),
    openGraph: { siteName: t("productName"), type: "website", locale: locale === "uk" ? "uk_UA" : "en_US" },
    // Installed from a page, the app takes that page's language: its name, description and start page.
    manifest: MANIFEST_PATHS[locale],
    appleWebApp: { capable: true, title: t("productName"), statusBarStyle: "default" },
  };
}

export const viewport: Viewport = { themeColor: THEME_COLOUR };

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  // Scripts run only with this request's CSP nonce (proxy.ts), which a page prerendered at build
  // time would lack: every page renders per request, even one that reads nothing from it.
  await connection();
  setRequestLocale(locale);
  const t = await getTranslations("Layout");
  return (
    // The header's script may mark a signed-in browser on <html> before hydration (site-header.tsx).
    // data-error-reports: the DSN, read at run time, for instrumentation-client.ts (absent when unset).
    <html lang={locale} suppressHydrationWarning data-error-reports={env.SENTRY_DSN}>
      <body className="flex min-h-screen flex-col">
        <ClientMessages route="layout">
          <Providers>
            <a
              href="#main"
              className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
            >
              {t("skipToContent")}
            </a>
            <SiteHeader />
            <OfflineBanner />
            <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
              {children}
            </main>
            <SiteFooter />
            <TrackEvents />
            <ServiceWorker />
          </Providers>
        </ClientMessages>
      </body>
    </html>
  );
}
