"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { Field, FIELD_INPUT, FormAlert, Labelled, SubmitButton } from "@/components/ui/fields";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { usePageSession } from "@/features/accounts/components/use-page-session";
import type { PageSession } from "@/features/accounts/session-view";
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from "@/features/feedback/rules";
import { Link } from "@/i18n/navigation";

const loadSchema = () => import("@/features/feedback/schema").then((schemas) => schemas.feedbackInput);

// Sign-in brings the visitor back to this form (the id of its heading on the home page).
const BACK_TO_FORM = "/home#home-feedback";

/**
 * Sent with the signed-in user's e-mail (spec §4). Visitors are told first that they need to sign
 * in, instead of being offered a form that could only refuse what they typed.
 */
export function FeedbackForm({ session }: { session: PageSession }) {
  const t = useTranslations("Feedback");
  const { viewer, guess } = usePageSession(session);
  if (!viewer) {
    return (
      <p data-guess={guess ? "" : undefined} className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4">
        {t("signInNeeded")}{" "}
        <Link
          href={{ pathname: "/login", query: { redirect: BACK_TO_FORM } }}
          className="font-semibold text-brand-700 underline"
        >
          {t("login")}
        </Link>{" "}
        ·{" "}
        <Link href="/register" className="font-semibold text-brand-700 underline">
          {t("register")}
        </Link>
      </p>
    );
  }
  return <SignedFeedbackForm email={viewer.email} />;
}

function SignedFeedbackForm({ email }: { email: string }) {
  const t = useTranslations("Feedback");
  const ta = useTranslations("Account");
  const [sent, setSent] = useState(false);
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { title: "", message: "" },
    request: (values) => ({ ...values, email }),
    send: async (feedback) => {
      await postJson("/api/etc/feedback", feedback, "POST", ta("networkError"));
      setSent(true);
    },
  });

  if (sent) {
    return (
      <p role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {t("thanks")}
      </p>
    );
  }

  return (
    <form {...formProps} className="mt-4 max-w-2xl space-y-4">
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <Field
        label={t("title")}
        required
        maxLength={FEEDBACK_TITLE_MAX}
        error={error("title")}
        {...form.register("title")}
      />
      <Labelled id="field-message" messageId="message" label={t("message")} error={error("message")}>
        {(control) => (
          <textarea
            {...control}
            rows={5}
            required
            maxLength={FEEDBACK_MESSAGE_MAX}
            {...form.register("message")}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <SubmitButton busy={busy} label={t("send")} busyLabel={t("sending")} inline />
    </form>
  );
}
