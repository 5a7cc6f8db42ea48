"use client";

import { useTranslations } from "next-intl";

import { postJson } from "@/components/ui/api-client";
import { Field, FormAlert, SubmitButton } from "@/components/ui/fields";
import { REGISTRATION_TOAST_DURATION_MS, toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { ACCOUNT_TEXT_MAX } from "@/features/accounts/rules";
import { useRouter } from "@/i18n/navigation";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.confirmEmailInput);

/** `redirectTo`: where confirming lands, the page the sign-up started from (/home when there was none). */
export function ConfirmEmail({ token, redirectTo }: { token: string; redirectTo: string }) {
  const t = useTranslations("Account");
  const router = useRouter();
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { password: "" },
    leavesPage: true,
    send: async (request) => {
      const user = await postJson<{ name: string }>(
        `/api/users/confirm-email?token=${encodeURIComponent(token)}`,
        request,
        "POST",
        t("networkError"),
      );
      toast.success(t("welcome", { name: user.name }), { duration: REGISTRATION_TOAST_DURATION_MS });
      router.replace(redirectTo);
      router.refresh();
    },
  });

  return (
    <form {...formProps} className="space-y-4">
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      {/* The link alone does not confirm: a stranger could have signed up with this address. */}
      <Field
        label={t("confirmPasswordLabel")}
        type="password"
        autoComplete="current-password"
        required
        maxLength={ACCOUNT_TEXT_MAX}
        error={error("password")}
        {...form.register("password")}
      />
      <SubmitButton busy={busy} label={t("confirmSubmit")} busyLabel={t("working")} />
    </form>
  );
}
