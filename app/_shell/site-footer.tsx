import { getTranslations } from "next-intl/server";

export async function SiteFooter() {
  const t = await getTranslations("Footer");
  const product = (await getTranslations("Metadata"))("productName");
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
        <p>{t("rights", { product, year: new Date().getFullYear() })}</p>
        <p>{t("tagline")}</p>
      </div>
    </footer>
  );
}
