"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";

import { Spinner } from "@/components/ui/spinner";
import { Link, useRouter } from "@/i18n/navigation";

export type FilterValues = Record<"kind" | "account" | "ip" | "from" | "to", string>;

// One height for the select and the inputs, so the labels above them line up.
const FIELD = "h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";
const LABEL = "mb-1 block text-sm font-medium text-slate-700";

/**
 * The security log's filters. Submitting opens the filtered address (shareable, and what the Pager
 * keeps); without script the form is an ordinary GET of the same page. The button says when the
 * new list is on its way.
 */
export function SecurityFilters({
  initial,
  kinds,
}: {
  initial: FilterValues;
  kinds: { value: string; label: string }[];
}) {
  const t = useTranslations("SecurityLog");
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [pending, startTransition] = useTransition();
  const filtered = Object.values(initial).some(Boolean);

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = Object.fromEntries(
      Object.entries(values)
        .map(([name, value]) => [name, value.trim()])
        .filter(([, value]) => value),
    );
    startTransition(() => router.push({ pathname: "/admin/security", query }));
  }

  const field = (name: keyof FilterValues) => ({
    id: `security-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <form
      method="get"
      onSubmit={submit}
      aria-label={t("filters")}
      aria-busy={pending}
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <div>
        <label htmlFor="security-kind" className={LABEL}>
          {t("kind")}
        </label>
        <select {...field("kind")} className={FIELD}>
          <option value="">{t("anyKind")}</option>
          {kinds.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="security-account" className={LABEL}>
          {t("account")}
        </label>
        <input {...field("account")} type="search" maxLength={100} placeholder={t("accountHint")} className={FIELD} />
      </div>
      <div>
        <label htmlFor="security-ip" className={LABEL}>
          {t("address")}
        </label>
        <input
          {...field("ip")}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          placeholder={t("addressHint")}
          className={FIELD}
        />
      </div>
      <div>
        <label htmlFor="security-from" className={LABEL}>
          {t("from")}
        </label>
        <input {...field("from")} type="date" className={FIELD} />
      </div>
      <div>
        <label htmlFor="security-to" className={LABEL}>
          {t("to")}
        </label>
        <input {...field("to")} type="date" className={FIELD} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-1">
        <button
          type="submit"
          disabled={pending}
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {pending ? <Spinner /> : null}
          {t("apply")}
        </button>
        {filtered ? (
          <Link href="/admin/security" className="text-sm font-medium whitespace-nowrap text-brand-700 underline">
            {t("clear")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
