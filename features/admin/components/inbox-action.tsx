"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { postJson } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";

/** One button on /admin/inbox and /admin/reviews (mark read, retry a mail, restore…); the list is reloaded after it. */
export function InboxAction({ url, method, body, label }: { url: string; method: "PUT" | "POST" | "DELETE"; body?: unknown; label: string }) {
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function act() {
    setBusy(true);
    try {
      const result = await postJson<{ message?: string }>(url, body ?? {}, method, ta("networkError"));
      if (result.message) toast.success(result.message);
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
      onClick={() => void act()}
      disabled={busy}
      aria-busy={busy}
      className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
    >
      {busy ? ta("working") : label}
    </button>
  );
}
