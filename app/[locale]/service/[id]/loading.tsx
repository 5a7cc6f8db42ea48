import { getTranslations } from "next-intl/server";

/** The service page's outline while the server renders it: image, name, rating, hours, reviews. */
export default async function ServiceLoading() {
  const t = await getTranslations("Loading");
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-8">
      <span className="sr-only">{t("label")}</span>
      <div className="h-5 w-40 rounded bg-slate-200" />
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="aspect-[4/3] rounded-xl bg-slate-200" />
        <div className="space-y-4">
          <div className="h-4 w-24 rounded bg-slate-200" />
          <div className="h-9 w-3/4 rounded bg-slate-200" />
          <div className="h-5 w-48 rounded bg-slate-200" />
          <div className="flex gap-2">
            <div className="h-7 w-24 rounded-full bg-slate-200" />
            <div className="h-7 w-32 rounded-full bg-slate-200" />
          </div>
          <div className="h-5 w-2/3 rounded bg-slate-200" />
          <div className="flex flex-wrap gap-3">
            <div className="h-10 w-28 rounded-lg bg-slate-200" />
            <div className="h-10 w-28 rounded-lg bg-slate-200" />
            <div className="h-10 w-36 rounded-lg bg-slate-200" />
          </div>
        </div>
      </div>
      <div className="space-y-3">
        <div className="h-6 w-44 rounded bg-slate-200" />
        <div className="h-40 rounded-xl bg-slate-200" />
      </div>
      <div className="space-y-3">
        <div className="h-6 w-32 rounded bg-slate-200" />
        <div className="h-24 rounded-xl bg-slate-200" />
        <div className="h-24 rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}
