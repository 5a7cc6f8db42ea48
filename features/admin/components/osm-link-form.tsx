"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { useAction } from "@/components/ui/use-action";

/** Links an imported place to an owner's listing by hand: the listing's id, then Link. */
export function OsmLinkForm({ placeId }: { placeId: string }) {
  const t = useTranslations("Admin");
  const { busy, run } = useAction();
  const [serviceId, setServiceId] = useState("");
  const inputId = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void run<{ message?: string }>(
          { url: `/api/items/admin/osm-places/${placeId}`, method: "PUT", body: { link: serviceId.trim() } },
          { success: (answer) => answer.message },
        );
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("osmListingId")}
      </label>
      <input
        id={inputId}
        value={serviceId}
        onChange={(event) => setServiceId(event.target.value)}
        placeholder={t("osmListingId")}
        required
        className="w-72 max-w-full rounded-lg border border-slate-300 px-2 py-1.5 font-mono text-xs"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {t("osmLink")}
      </button>
    </form>
  );
}
