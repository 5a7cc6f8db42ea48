import { getLocale, getTranslations } from "next-intl/server";

import LocaleLayout from "./[locale]/layout";
import NotFound from "./[locale]/not-found";

/**
 * Every address no route matches, in the visitor's language with the site's own layout. This is
 * the one not-found page Next 16.4.6 renders whole on the server: a notFound() thrown by a page (a
 * missing service) answers 404 with an empty shell (`<html id="__next_error__">`) that its script
 * fills with app/[locale]/not-found.tsx. The locale comes from the proxy's rewrite.
 */
export default async function RootNotFound() {
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return (
    <LocaleLayout params={Promise.resolve({ locale })}>
      <title>{t("titleTemplate").replace("%s", t("notFoundTitle"))}</title>
      <NotFound />
    </LocaleLayout>
  );
}
