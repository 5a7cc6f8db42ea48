"use client";

import { useTranslations } from "next-intl";

import { ActionButton } from "@/components/ui/action-button";
import { useRouter } from "@/i18n/navigation";

/** /mystos row action (a station or the unpaid order): delete after 'Are you sure?'; the list (and the header link) refresh. */
export function DeleteStationButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations("Listing");
  const router = useRouter();
  return (
    <ActionButton<{ userStos: unknown[]; stoForOrder: unknown }>
      url={`/api/items/users/${id}`}
      method="DELETE"
      success={t("cssDeleted")}
      // My stations stays while anything is left on it, an unpaid order included.
      then={({ userStos, stoForOrder }) => {
        if (userStos.length === 0 && !stoForOrder) router.replace("/home");
      }}
      confirm={t("areYouSureDelete", { name })}
      busyLabel={t("deleting")}
      className="rounded-lg border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
    >
      {t("deleteStation")}
    </ActionButton>
  );
}
