"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { Field, FormAlert, FormNotice, SubmitButton } from "@/components/ui/fields";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { ACCOUNT_TEXT_MAX } from "@/features/accounts/rules";
import { Link } from "@/i18n/navigation";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.emailChangeConfirmInput);

/**
 * The link mailed to a new address moves the account to it and signs out everywhere. The link
 * proves only the new mailbox, so the account's owner proves the rest: signed in to that account
 * here, one press; otherwise the account's password.
 */
export function ConfirmEmailChange({ token, ownerSignedIn }: { token: string; ownerSignedIn: boolean }) {
  const t = useTranslations("Account");
  const [done, setDone] = useState<string | null>(null);
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { currentPassword: "" },
    request: ({ currentPassword }) => (ownerSignedIn ? { token } : { token, currentPassword }),
    send: async (request) => {
      // The outcome is said on the page (the account has just moved), not toasted.
      const { message } = await postJson<{ message: string }>(
        "/api/users/profile/email/confirm",
        request,
        "POST",
        t("networkError"),
      );
      setDone(message);
    },
  });

  if (done) {
    return (
      <div className="space-y-4">
        <FormNotice>{done}</FormNotice>
        <Link href="/login" className="inline-block font-medium text-brand-700 underline">
          {t("submitLogin")}
        </Link>
      </div>
    );
  }
  return (
    <form {...formProps} className="space-y-4">
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      {ownerSignedIn ? null : (
        <Field
          label={t("emailChangePassword")}
          type="password"
          autoComplete="current-password"
          required
          maxLength={ACCOUNT_TEXT_MAX}
          error={error("currentPassword")}
          {...form.register("currentPassword")}
        />
      )}
      <SubmitButton busy={busy} label={t("emailChangeSubmit")} busyLabel={t("working")} />
    </form>
  );
}
