"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/layout/toast";
import { postJson } from "@/components/account/api";
import { useRouter } from "@/i18n/navigation";
import { ConfirmButton } from "./confirm-button";

/** /mystos row action: delete after 'Are you sure?'; the list (and the header link) refresh. */
export function DeleteStationButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations("Listing");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const { userStos } = await postJson<{ userStos: unknown[] }>(`/api/items/users/${id}`, undefined, "DELETE", ta("networkError"));
      toast.success(t("cssDeleted"));
      if (userStos.length === 0) router.replace("/home");
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
