"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { ApiError, postJson } from "@/components/ui/api-client";
import { ErrorText, FIELD_INPUT } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";

import { CLAIM_REASON_MAX } from "../rules";

const BUTTON = "rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-60";

/**
 * An admin's decision on one claim: the reason (required to reject; the claimant reads it), then
 * Approve or Reject. The queue is read again after it, where the claim is gone or changed.
 */
export function ClaimDecision({ claimId, canApprove }: { claimId: string; canApprove: boolean }) {
  const t = useTranslations("Claims");
  const ta = useTranslations("Account");
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const [error, setError] = useState<string>();
  const decide = async (decision: "approve" | "reject") => {
    setBusy(decision);
    setError(undefined);
    try {
      const { message } = await postJson<{ message: string }>(
        `/api/items/admin/claims/${claimId}`,
        { decision, reason },
        "PUT",
        ta("networkError"),
      );
      toast.success(message);
      router.refresh();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors?.reason?.message : undefined;
      if (field) setError(field);
      else toast.error(failure instanceof ApiError ? failure.message : ta("networkError"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-2">
      <div className="text-sm">
        <label htmlFor={id} className="font-medium">
          {t("admin.reasonLabel")}
        </label>
        <textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={CLAIM_REASON_MAX}
          rows={2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={FIELD_INPUT}
        />
        <ErrorText id={`${id}-error`} error={error} />
      </div>
      <div className="flex flex-wrap gap-2">
        {canApprove ? (
          <button
            type="button"
            disabled={busy !== null}
            aria-busy={busy === "approve"}
            onClick={() => void decide("approve")}
            className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}
          >
            {busy === "approve" ? t("admin.working") : t("admin.approve")}
          </button>
        ) : null}
        <button
          type="button"
          disabled={busy !== null}
          aria-busy={busy === "reject"}
          onClick={() => void decide("reject")}
          className={`${BUTTON} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
        >
          {busy === "reject" ? t("admin.working") : t("admin.reject")}
        </button>
      </div>
    </div>
  );
}
