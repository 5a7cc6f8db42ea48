"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/components/ui/api-client";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useRouter } from "@/i18n/navigation";

/** A table row's delete: 'Are you sure?', then DELETE, the server's message as a toast, and a refresh. */
export function DeleteRowButton({ url, label, question, afterDelete }: { url: string; label: string; question: string; afterDelete?: string }) {
  const t = useTranslations("Admin");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const { message } = await postJson<{ message: string }>(url, undefined, "DELETE", ta("networkError"));
      toast.success(message);
      if (afterDelete) router.replace(afterDelete);
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmButton
      label={t("delete")}
      ariaLabel={label}
      question={question}
      onConfirm={() => void remove()}
      disabled={busy}
      className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
    />
  );
}
