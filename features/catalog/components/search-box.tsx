"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { usePathname, useRouter } from "@/i18n/navigation";

/**
 * Sets `keyword` on the current services URL (and drops `page`); a blank search is ignored. The
 * results page comes in a transition: the button turns until it is there.
 */
export function SearchBox() {
  const t = useTranslations("Header");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [value, setValue] = useState(params.get("keyword") ?? "");
  const [searching, startSearching] = useTransition();

  function submit(event: FormEvent) {
    event.preventDefault();
    const keyword = value.trim();
    if (!keyword) return;
    // Offline a search cannot be answered: say so instead of turning the button.
    if (!navigator.onLine) return void toast.error(t("searchOffline"));
    const next = new URLSearchParams(params);
    next.set("keyword", keyword);
    next.delete("page");
    startSearching(() => router.push({ pathname, query: Object.fromEntries(next.entries()) }));
  }

  return (
    <form role="search" onSubmit={submit} className="flex items-center">
      <label htmlFor="header-search" className="sr-only">
        {t("searchLabel")}
      </label>
      <input
        id="header-search"
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t("searchPlaceholder")}
        maxLength={100}
        className="w-[125px] rounded-l-md border border-slate-300 px-2 py-1.5 text-sm"
      />
      <button
        type="submit"
        aria-busy={searching || undefined}
        className="inline-flex items-center gap-1.5 rounded-r-md border border-l-0 border-brand-600 bg-brand-600 px-2 py-1.5 text-sm font-medium text-white"
      >
        {searching ? <Spinner className="transition-opacity delay-150 duration-150 starting:opacity-0" /> : null}
        {t("search")}
      </button>
    </form>
  );
}
