"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/components/ui/api-client";
import { useRouter } from "@/i18n/navigation";
import { ConfirmButton } from "@/components/ui/confirm-button";

/** /mystos row action (a station or the unpaid order): delete after 'Are you sure?'; the list (and the header link) refresh. */
export function DeleteStationButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations("Listing");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const { userStos, stoForOrder } = await postJson<{ userStos: unknown[]; stoForOrder: unknown }>(
        `/api/items/users/${id}`,
        undefined,
        "DELETE",
        ta("networkError"),
      );
      toast.success(t("cssDeleted"));
      // My stations stays while anything is left on it, an unpaid order included.
      if (userStos.length === 0 && !stoForOrder) router.replace("/home");
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmButton
      label={busy ? t("deleting") : t("deleteStation")}
      question={t("areYouSureDelete", { name })}
      onConfirm={() => void remove()}
      disabled={busy}
    />
  );
}
