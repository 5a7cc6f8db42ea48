"use client";

import { useTranslations } from "next-intl";

import { postJson } from "@/components/ui/api-client";
import { FormAlert, SubmitButton } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { NEW_PASSWORD_WORDING, passwordsMatch } from "@/features/accounts/rules";
import { Link, useRouter } from "@/i18n/navigation";

import { NewPasswordFields } from "./account-fields";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.passwordResetInput);

/**
 * The new password from a mailed link; success signs this browser in and every other one out.
 * `email`: the link's account's address (null when the link is no longer valid), for the password
 * rule checked as the person types.
 */
export function ResetPasswordForm({ token, email }: { token: string; email: string | null }) {
  const t = useTranslations("Account");
  const router = useRouter();
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { token, password: "", confirm: "" },
    rules: passwordsMatch,
    wording: NEW_PASSWORD_WORDING,
    leavesPage: true,
    send: async (request) => {
      const answer = await postJson<{ mfaRequired?: boolean }>(
        "/api/users/password-reset/confirm",
        request,
        "POST",
        t("networkError"),
      );
      // With two-step verification on, the reset does not sign in: the code is asked at sign-in.
      if (answer?.mfaRequired) {
        toast.success(t("resetDoneSignIn"));
        router.replace("/login");
        return;
      }
      toast.success(t("resetDone"));
      router.replace("/home");
      router.refresh();
    },
  });

  return (
    <form {...formProps} className="space-y-4">
      <p className="text-slate-700">{t("resetText")}</p>
      {failure ? (
        <FormAlert>
          <p>{failure.message}</p>
          {failure.key === "Auth.resetInvalid" ? (
            <Link href="/forgot-password" className="mt-2 inline-block font-medium underline">
              {t("askAgain")}
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      <NewPasswordFields register={form.register} error={error} typed={form.watch("password")} emails={[email]} />
      <SubmitButton busy={busy} label={t("resetSubmit")} busyLabel={t("working")} />
    </form>
  );
}
