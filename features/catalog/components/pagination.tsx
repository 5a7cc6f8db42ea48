import { getTranslations } from "next-intl/server";
import { serializeItemsQuery, type ItemsQuery } from "@/features/catalog/items-query-url";
import { ListLink } from "./list-navigation";

/** Shown only when there is more than one page (spec 2); each page is a real, shareable link (in the list's transition: list-navigation.tsx). */
export async function Pagination({ pathname, query, pages }: { pathname: string; query: ItemsQuery; pages: number }) {
  if (pages <= 1) return null;
  const t = await getTranslations("Services");
  const href = (page: number) => ({ pathname, query: Object.fromEntries(serializeItemsQuery({ ...query, page }).entries()) });
  const numbers = Array.from({ length: pages }, (_, index) => index + 1).filter((page) => page === 1 || page === pages || Math.abs(page - query.page) <= 2);
  const base = "min-w-10 rounded-md border px-3 py-2 text-center text-sm font-medium";
  return (
    <nav aria-label={t("pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {query.page > 1 ? (
        <ListLink href={href(query.page - 1)} rel="prev" className={`${base} border-slate-300 bg-white`}>
          {t("previous")}
        </ListLink>
      ) : null}
      {numbers.map((page, index) => (
        <span key={page} className="flex items-center gap-1.5">
          {index > 0 && page - numbers[index - 1]! > 1 ? <span aria-hidden>…</span> : null}
          <ListLink
            href={href(page)}
            aria-label={t("page", { page })}
            aria-current={page === query.page ? "page" : undefined}
            className={`${base} border-slate-300 bg-white aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white`}
          >
            {page}
          </ListLink>
        </span>
      ))}
      {query.page < pages ? (
        <ListLink href={href(query.page + 1)} rel="next" className={`${base} border-slate-300 bg-white`}>
          {t("next")}
        </ListLink>
      ) : null}
    </nav>
  );
}
