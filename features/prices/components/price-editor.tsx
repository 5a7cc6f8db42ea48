"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { useListSave } from "@/components/ui/use-list-save";
import { SERVICE_RADIUS_MAX_KM } from "@/domain/service/fields";
import {
  comesToDriver,
  CUSTOM_JOB,
  CUSTOM_LABEL_MAX,
  PRICE_JOBS,
  PRICE_LINES_MAX,
  PRICE_MAX_UAH,
  type PriceJob,
} from "@/domain/service/jobs";
import type { PriceLine, PriceList } from "@/features/prices/answers";

type Line = PriceLine & { key: number };
let nextKey = 0;

/** /mystos/{id}/edit and the master's profile: the owner's "from" prices for standard jobs and own lines. */
export function PriceEditor({ serviceId, initial }: { serviceId: string; initial: PriceList }) {
  const t = useTranslations("Prices");
  const [lines, setLines] = useState<Line[]>(() => initial.lines.map((line) => ({ ...line, key: nextKey++ })));
  const [adding, setAdding] = useState<string>("");
  const { errors, save, errorFor, saveButton } = useListSave<PriceList>(`/api/items/users/${serviceId}/prices`, {
    saved: t("saved"),
    invalid: t("invalid"),
  });
  const id = useId();

  const used = new Set(lines.map((line) => line.job));
  const addable = PRICE_JOBS.filter((job) => !used.has(job));
  const update = (key: number, change: Partial<PriceLine>) =>
    setLines((list) => list.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const name = (line: PriceLine) =>
    line.job === CUSTOM_JOB ? line.label || t("custom") : t("job", { job: line.job as PriceJob });

  function add() {
    if (!adding) return;
    setLines((list) => [...list, { job: adding, label: "", fromUah: 0, key: nextKey++ }]);
    setAdding("");
  }

  function saveAll() {
    const body = {
      lines: lines.map(({ job, label, fromUah, radiusKm }) => ({ job, label, fromUah, radiusKm: radiusKm ?? null })),
    };
    void save(body, (saved) => setLines(saved.lines.map((line) => ({ ...line, key: nextKey++ }))));
  }

  const input = "rounded-md border border-slate-300 bg-white px-2 py-1.5";
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("editorTitle")}
        </h2>
        <p className="text-sm text-slate-600">{t("editorHint")}</p>
      </div>
      {lines.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t("editorEmpty")}</p>
      ) : null}
      <ul className="space-y-2">
        {lines.map((line, index) => {
          const message = errorFor("lines", index);
          return (
            <li key={line.key} className={`rounded-lg border p-2 ${message ? "border-red-400" : "border-slate-200"}`}>
              <div className="flex flex-wrap items-end gap-3 text-sm">
                {line.job === CUSTOM_JOB ? (
                  <label className="flex min-w-48 flex-1 flex-col gap-1">
                    <span className="font-medium">{t("label")}</span>
                    <input
                      className={input}
                      value={line.label}
                      maxLength={CUSTOM_LABEL_MAX}
                      onChange={(event) => update(line.key, { label: event.target.value })}
                    />
                  </label>
                ) : (
                  <span className="min-w-48 flex-1 self-center font-medium">{name(line)}</span>
                )}
                <label className="flex w-32 flex-col gap-1">
                  <span className="font-medium">{t("amount")}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={PRICE_MAX_UAH}
                    className={input}
                    value={line.fromUah || ""}
                    onChange={(event) =>
                      update(line.key, { fromUah: event.target.value === "" ? 0 : Number(event.target.value) })
                    }
                    aria-invalid={message ? true : undefined}
                  />
                </label>
                {/* A tow truck comes to the driver: how far, as a master's radius says it. */}
                {comesToDriver(line.job) ? (
                  <label className="flex w-32 flex-col gap-1">
                    <span className="font-medium">{t("radius")}</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={SERVICE_RADIUS_MAX_KM}
                      className={input}
                      value={line.radiusKm ?? ""}
                      onChange={(event) =>
                        update(line.key, {
                          radiusKm: event.target.value === "" ? undefined : Number(event.target.value),
                        })
                      }
                      aria-invalid={message ? true : undefined}
                    />
                  </label>
                ) : null}
                <button
                  type="button"
                  onClick={() => setLines((list) => list.filter((entry) => entry.key !== line.key))}
                  aria-label={t("remove", { job: name(line) })}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
                >
                  ✕
                </button>
              </div>
              {message ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("chooseJob")}</span>
          <select value={adding} onChange={(event) => setAdding(event.target.value)} className={input}>
            <option value="">—</option>
            {addable.map((job) => (
              <option key={job} value={job}>
                {t("job", { job })}
              </option>
            ))}
            <option value={CUSTOM_JOB}>{t("custom")}</option>
          </select>
        </label>
        <button
          type="button"
          onClick={add}
          disabled={!adding || lines.length >= PRICE_LINES_MAX}
          className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {t("addJob")}
        </button>
      </div>
      {errors.lines ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.lines}
        </p>
      ) : null}
      {saveButton(t("save"), saveAll)}
    </section>
  );
}
