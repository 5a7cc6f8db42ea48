"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/components/ui/api-client";
import { useRouter } from "@/i18n/navigation";

/** Block / unblock toggle; the toast is the server's translated status message. */
export function BlockButton({ url, isBlocked }: { url: string; isBlocked: boolean }) {
  const t = useTranslations("Admin");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [blocked, setBlocked] = useState(isBlocked);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      const result = await postJson<{ isBlocked: boolean; message: string }>(url, undefined, "PUT", ta("networkError"));
      setBlocked(result.isBlocked);
      toast.success(result.message);
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy}
      aria-pressed={blocked}
      className="rounded-lg border border-amber-400 px-4 py-2 font-medium text-amber-900 hover:bg-amber-50 disabled:opacity-60"
    >
      {blocked ? t("unblock") : t("block")}
    </button>
  );
}
