import { getTranslations } from "next-intl/server";
import type { ComponentProps, ComponentType } from "react";

import { Link, type useRouter } from "@/i18n/navigation";

/** An address in the page's language: a path, or a path with its query. */
type Href = Parameters<ReturnType<typeof useRouter>["push"]>[0];
type LinkProps = Omit<ComponentProps<typeof Link>, "href"> & { href: Href };

type Props = {
  page: number;
  pages: number;
  /** Each list's own addresses: /admin/users/page/2, /services?page=2… */
  hrefFor: (page: number) => Href;
  /** The link to use: a list that loads its next page in a transition has its own (ListLink). */
  link?: ComponentType<LinkProps>;
};

const BASE = "min-w-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-center text-sm font-medium";

/**
 * A list's pages (spec §2): shown only when there is more than one; each page a real, shareable
 * link; the first, the last and two either side of the current one, with Previous and Next.
 */
export async function Pager({ page, pages, hrefFor, link: PageLink = Link }: Props) {
  if (pages <= 1) return null;
  const t = await getTranslations("Pager");
  const numbers = Array.from({ length: pages }, (_, index) => index + 1).filter(
    (n) => n === 1 || n === pages || Math.abs(n - page) <= 2,
  );
  return (
    <nav aria-label={t("label")} className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <PageLink href={hrefFor(page - 1)} rel="prev" className={BASE}>
          {t("previous")}
        </PageLink>
      ) : null}
      {numbers.map((n, index) => (
        <span key={n} className="flex items-center gap-1.5">
          {index > 0 && n - numbers[index - 1]! > 1 ? <span aria-hidden>…</span> : null}
          <PageLink
            href={hrefFor(n)}
            aria-label={t("page", { page: n })}
            aria-current={n === page ? "page" : undefined}
            className={`${BASE} aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white`}
          >
            {n}
          </PageLink>
        </span>
      ))}
      {page < pages ? (
        <PageLink href={hrefFor(page + 1)} rel="next" className={BASE}>
          {t("next")}
        </PageLink>
      ) : null}
    </nav>
  );
}
