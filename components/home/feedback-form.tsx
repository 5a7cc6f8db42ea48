"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { fieldMessages, postJson } from "@/components/account/api";
import { Field, FormAlert } from "@/components/account/fields";
import { useMessageText } from "@/i18n/message-key";
import { Link } from "@/i18n/navigation";

type Errors = Partial<Record<"title" | "message", string>>;
const MESSAGE_MAX = 2000;
// The schemas (and Zod with them) are fetched when the form is first used, not with the page.
const loadValidation = () => import("@/lib/validation/account");

// Sign-in brings the visitor back to this form (the id of its heading on the home page).
const BACK_TO_FORM = "/home#home-feedback";

/**
 * Sent with the signed-in user's e-mail (spec 4). Visitors are told first that they need to sign
 * in, instead of being offered a form that could only refuse what they typed.
 */
export function FeedbackForm({ email }: { email: string | null }) {
  const t = useTranslations("Feedback");
  const ta = useTranslations("Account");
  const text = useMessageText();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setFailure(null);
    const validation = await loadValidation().catch(() => null);
    // The chunk could not be fetched (the connection dropped since the page loaded).
    if (!validation) {
      setFailure(ta("networkError"));
      return;
    }
    const { feedbackInput, fieldErrors } = validation;
    const parsed = feedbackInput.safeParse({ title: data.get("title"), message: data.get("message"), email });
    const next: Errors = {};
    if (!parsed.success) {
      for (const [field, key] of Object.entries(fieldErrors(parsed.error))) if (field === "title" || field === "message") next[field] = text(key);
    }
    setErrors(next);
    if (!parsed.success) return;
    setBusy(true);
    try {
      await postJson("/api/etc/feedback", parsed.data, "POST", ta("networkError"));
      setSent(true);
    } catch (caught) {
      setErrors(fieldMessages(caught));
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  if (!email) {
    return (
      <p className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4">
        {t("signInNeeded")}{" "}
        <Link href={{ pathname: "/login", query: { redirect: BACK_TO_FORM } }} className="font-semibold text-brand-700 underline">
          {t("login")}
        </Link>{" "}
        ·{" "}
        <Link href="/register" className="font-semibold text-brand-700 underline">
          {t("register")}
        </Link>
      </p>
    );
  }

  if (sent) {
    return (
      <p role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {t("thanks")}
      </p>
    );
  }

  return (
    <form onSubmit={submit} onFocus={() => void loadValidation().catch(() => undefined)} noValidate className="mt-4 max-w-2xl space-y-4">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Field label={t("title")} name="title" required maxLength={200} error={errors.title} />
      <div className="text-sm">
        <label htmlFor="field-message" className="font-medium">
          {t("message")}
        </label>
        <textarea
          id="field-message"
          name="message"
          rows={5}
          required
          maxLength={MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "message-error" : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
        />
        {errors.message ? (
          <span id="message-error" className="mt-1 block text-xs font-medium text-red-700">
            {errors.message}
          </span>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t("sending") : t("send")}
      </button>
    </form>
  );
}
