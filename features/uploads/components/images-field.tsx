"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

import { toast } from "@/components/ui/toast";
import { MAX_SERVICE_IMAGES } from "@/domain/service/fields";
import { ResponsiveImage } from "@/features/uploads/components/responsive-image";
import { movePhoto } from "@/features/uploads/photo-order";

import { uploadImage } from "./upload-image";

type Props = {
  value: string[];
  onChange: (images: string[]) => void;
  disabled?: boolean;
  error?: string;
  /** Another list's room and words (a driver's request: 3 photos, no cover, no order). */
  max?: number;
  inputId?: string;
  ordered?: boolean;
  texts?: { legend: string; hint: string; full: string };
};
type Focus = { index: number; control: "earlier" | "later" | "remove" } | "add";

/**
 * A service's photos, at most MAX_SERVICE_IMAGES, the first being the cover. Files are uploaded
 * as they are chosen (several at once), so the form carries only their URLs. Moving and removing
 * are buttons, so a keyboard does all of it; focus stays with the photo that moved (or on the
 * next one after a removal), and a screen reader hears where it went.
 */
export function ImagesField({
  value,
  onChange,
  disabled,
  error,
  max = MAX_SERVICE_IMAGES,
  inputId = "service-images",
  ordered = true,
  texts,
}: Props) {
  const t = useTranslations("ServiceForm");
  const tr = useTranslations();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [uploading, setUploading] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<Focus | null>(null);
  const busy = disabled || uploading > 0;
  const full = value.length >= max;

  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (!target) return;
    if (target === "add") return input.current?.focus();
    const item = list.current?.children[target.index];
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-control=${target.control}]`);
    // At either end the same button is disabled now: the other move button takes the focus.
    (wanted && !wanted.disabled
      ? wanted
      : item?.querySelector<HTMLButtonElement>("[data-control]:not(:disabled)")
    )?.focus();
  }, [value]);

  async function add(files: File[]) {
    if (input.current) input.current.value = "";
    const room = max - value.length;
    if (files.length > room) toast.error(t("photosTooMany", { max, count: files.length - room }));
    const chosen = files.slice(0, Math.max(room, 0));
    if (!chosen.length) return;
    // The other controls wait meanwhile, so `value` is still the list the uploads extend.
    setUploading(chosen.length);
    const added: string[] = [];
    for (const file of chosen) {
      const result = await uploadImage(file, locale);
      if (result.ok) added.push(result.url);
      else toast.error(t("photoFailed", { file: file.name, message: result.message ?? tr(result.key) }));
      setUploading((count) => count - 1);
    }
    if (added.length) onChange([...value, ...added]);
  }

  function move(index: number, step: -1 | 1) {
    pendingFocus.current = { index: index + step, control: step < 0 ? "earlier" : "later" };
    setAnnouncement(t("photoMoved", { index: index + step + 1, total: value.length }));
    onChange(movePhoto(value, index, step));
  }

  function remove(index: number) {
    const next = value.filter((_, position) => position !== index);
    pendingFocus.current = next.length ? { index: Math.min(index, next.length - 1), control: "remove" } : "add";
    setAnnouncement(t("photoRemoved"));
    onChange(next);
  }

  const control =
    "grid size-8 place-items-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40";
  return (
    <fieldset className="text-sm">
      <legend className="font-medium">{texts?.legend ?? t("photos")}</legend>
      {value.length ? (
        <ol ref={list} className="mt-2 flex flex-wrap gap-3">
          {value.map((url, index) => (
            <li key={url} className="w-32">
              <div className="relative aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
                <ResponsiveImage
                  url={url}
                  alt={t("photoAlt", { index: index + 1 })}
                  slot="thumbnail"
                  sizes="128px"
                  width={128}
                  height={96}
                  className="size-full object-cover"
                />
                {ordered && index === 0 ? (
                  <span className="absolute top-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    {t("photoCover")}
                  </span>
                ) : null}
              </div>
              {disabled ? null : (
                <div className="mt-1 flex gap-1">
                  {ordered ? (
                    <>
                      <button
                        type="button"
                        data-control="earlier"
                        disabled={busy || index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={t("photoEarlier", { index: index + 1 })}
                        className={control}
                      >
                        <span aria-hidden>←</span>
                      </button>
                      <button
                        type="button"
                        data-control="later"
                        disabled={busy || index === value.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={t("photoLater", { index: index + 1 })}
                        className={control}
                      >
                        <span aria-hidden>→</span>
                      </button>
                    </>
                  ) : null}
                  <button
                    type="button"
                    data-control="remove"
                    disabled={busy}
                    onClick={() => remove(index)}
                    aria-label={t("photoRemove", { index: index + 1 })}
                    className={`${control} ml-auto text-red-700`}
                  >
                    <span aria-hidden>✕</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-slate-600">{t("photosNone")}</p>
      )}
      {disabled ? null : (
        <div className="mt-2">
          {/* The native chooser speaks the browser's language; this label speaks the page's. */}
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={busy || full}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => void add(Array.from(event.target.files ?? []))}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className="inline-block cursor-pointer rounded-md bg-brand-50 px-3 py-2 font-medium text-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-disabled:cursor-default peer-disabled:opacity-60"
          >
            {t("photosAdd")}
          </label>
        </div>
      )}
      <span id={`${inputId}-hint`} className="mt-1 block text-xs text-slate-500">
        {uploading
          ? t("photosUploading", { count: uploading })
          : full
            ? (texts?.full ?? t("photosFull", { max }))
            : (texts?.hint ?? t("photosHint", { max }))}
      </span>
      {error ? <span className="mt-1 block text-xs font-medium text-red-700">{error}</span> : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
