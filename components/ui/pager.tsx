import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";

/** Admin list pages as real links; `hrefFor` knows each list's URL scheme. */
export async function AdminPager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const t = await getTranslations("Admin");
  const numbers = Array.from({ length: pages }, (_, index) => index + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  return (
    <nav aria-label={t("pagination")} className="mt-6 flex flex-wrap justify-center gap-1.5">
      {numbers.map((n, index) => (
        <span key={n} className="flex items-center gap-1.5">
          {index > 0 && n - numbers[index - 1]! > 1 ? <span aria-hidden>…</span> : null}
          <Link
            href={hrefFor(n)}
            aria-label={t("page", { page: n })}
            aria-current={n === page ? "page" : undefined}
            className="min-w-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-center text-sm font-medium aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
          >
            {n}
          </Link>
        </span>
      ))}
    </nav>
  );
}
