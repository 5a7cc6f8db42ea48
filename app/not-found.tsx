import { getLocale, getTranslations } from "next-intl/server";
import LocaleLayout from "./[locale]/layout";
import NotFound from "./[locale]/not-found";

/**
 * Every address no route matches, and a missing service's page (proxy.ts), in the visitor's
 * language with the site's own layout. This is the one not-found page Next renders on the server:
 * a notFound() thrown by a page reaches the visitor as an empty shell that only scripts fill in.
 * The locale comes from the proxy's rewrite.
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
