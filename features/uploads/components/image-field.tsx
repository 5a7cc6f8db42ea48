"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";

import { toast } from "@/components/ui/toast";
import { WrenchIcon } from "@/components/ui/wrench-icon";

import { uploadImage } from "./upload-image";

type Props = {
  id: string;
  value: string | null;
  onChange: (image: string | null) => void;
  disabled?: boolean;
  error?: string;
  label?: string;
  placeholder?: ReactNode;
};

/**
 * One picture (a user's, in the admin's user editor and on /profile), with the circular preview
 * of spec §2. Spec §5: image files only, under 1048576 bytes (the spec's message says 10MB; ours
 * says 1 MB, what is checked); the choice is cleared on rejection. The file is uploaded at once so the form only
 * carries its URL.
 */
export function ImageField({
  id,
  value,
  onChange,
  disabled,
  error,
  label,
  placeholder = <WrenchIcon className="size-9 text-brand-600" />,
}: Props) {
  const t = useTranslations("ServiceForm");
  const tr = useTranslations();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);

  function reject(message: string) {
    if (input.current) input.current.value = "";
    setFileName(null);
    toast.error(message);
  }

  async function choose(file: File | undefined) {
    setFileName(file?.name ?? null);
    if (!file) return onChange(null);
    setBusy(true);
    const result = await uploadImage(file, locale);
    setBusy(false);
    if (result.ok) onChange(result.url);
    else reject(result.message ?? tr(result.key));
  }

  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium">
        {label ?? t("image")}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-4">
        {value ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own immutable upload
          <img
            src={value}
            alt={t("imagePreview")}
            width={80}
            height={80}
            className="size-20 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <span aria-hidden className="grid size-20 place-items-center rounded-full bg-slate-100 text-slate-400">
            {placeholder}
          </span>
        )}
        <div className="space-y-1">
          {/* The native chooser speaks the browser's language; this one speaks the page's. */}
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={disabled || busy}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className="inline-block cursor-pointer rounded-md bg-brand-50 px-3 py-2 font-medium text-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-disabled:cursor-default peer-disabled:opacity-60"
          >
            {t("imageChoose")}
          </label>
          <span className="ml-2 text-slate-600">{fileName ?? (value ? "" : t("imageNone"))}</span>
          <span id={`${id}-hint`} className="block text-xs text-slate-500">
            {busy ? t("imageUploading") : t("imageHint")}
          </span>
          {value && !disabled ? (
            <button
              type="button"
              onClick={() => {
                if (input.current) input.current.value = "";
                onChange(null);
              }}
              className="text-xs font-medium text-red-700 underline"
            >
              {t("imageRemove")}
            </button>
          ) : null}
          {error ? <span className="block text-xs font-medium text-red-700">{error}</span> : null}
        </div>
      </div>
    </div>
  );
}
