"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";

import { Link, useRouter } from "@/i18n/navigation";

/**
 * The admin lists' search box and, while filtered, the link that clears it; a blank keyword clears
 * too. The full label is shown above the box; the placeholder is a short hint that fits a phone.
 */
export function AdminSearch({
  label,
  hint,
  initial,
  hrefFor,
}: {
  label: string;
  hint: string;
  initial: string;
  hrefFor: "users" | "services";
}) {
  const t = useTranslations("Admin");
  const router = useRouter();
  const [keyword, setKeyword] = useState(initial);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = keyword.trim();
    if (hrefFor === "users") router.push(text ? `/admin/users/search/${encodeURIComponent(text)}` : "/admin/users");
    else router.push(text ? { pathname: "/admin/services", query: { keyword: text } } : "/admin/services");
  }

  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <form role="search" onSubmit={submit} className="w-full max-w-md">
        <label htmlFor="admin-search" className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            id="admin-search"
            type="search"
            value={keyword}
            maxLength={100}
            placeholder={hint}
            onChange={(event) => setKeyword(event.target.value)}
            className="w-full min-w-0 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <button
            type="submit"
            className="shrink-0 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t("search")}
          </button>
        </div>
      </form>
      {initial ? (
        <Link href={`/admin/${hrefFor}`} className="text-sm font-medium text-brand-700 underline">
          {t("clearFilter", { keyword: initial })}
        </Link>
      ) : null}
    </div>
  );
}
