import { getTranslations } from "next-intl/server";

/** Skeleton of a services list while the server renders it (services, stos, mechanics). */
export default async function ListLoading() {
  const t = await getTranslations("Loading");
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-4 py-6">
      <span className="sr-only">{t("label")}</span>
      <div className="h-8 w-1/3 rounded bg-slate-200" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="h-64 rounded-xl bg-slate-200" />
        ))}
      </div>
    </div>
  );
}
