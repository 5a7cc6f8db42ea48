"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { Field, FormAlert, FormNotice, SubmitButton } from "@/components/ui/fields";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { PASSWORD_PATTERN } from "@/features/accounts/rules";
import { Link, useRouter } from "@/i18n/navigation";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.loginInput);

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const t = useTranslations("Account");
  const ta = useTranslations("Auth");
  const router = useRouter();
  const [notice, setNotice] = useState<string | null>(null);
  const { form, busy, failure, error, fail, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { email: "", password: "" },
    leavesPage: true,
    send: async ({ email, password }) => {
      setNotice(null);
      // A password that breaks the rules cannot be right: answer without a call (spec §5).
      if (!email || !PASSWORD_PATTERN.test(password)) throw new Error(ta("invalidCredentials"));
      await postJson("/api/users/login", { email, password }, "POST", t("networkError"));
      router.replace(redirectTo);
      router.refresh();
    },
  });

  async function resend() {
    try {
      const { message } = await postJson<{ message: string }>(
        "/api/users/resend-confirmation",
        { email: form.getValues("email") },
        "POST",
        t("networkError"),
      );
      setNotice(message);
      form.clearErrors("root.server");
    } catch (caught) {
      // Still unconfirmed: the alert keeps its resend button.
      fail(caught instanceof Error ? caught.message : String(caught), "Auth.unconfirmed");
    }
  }

  return (
    <form {...formProps} className="space-y-4">
      {failure ? (
        <FormAlert>
          <p>{failure.message}</p>
          {failure.key === "Auth.unconfirmed" ? (
            <button type="button" onClick={resend} className="mt-2 font-medium underline">
              {t("resend")}
            </button>
          ) : null}
        </FormAlert>
      ) : null}
      {notice ? <FormNotice>{notice}</FormNotice> : null}
      <Field
        label={t("email")}
        type="email"
        autoComplete="email"
        required
        error={error("email")}
        {...form.register("email")}
      />
      <Field
        label={t("password")}
        type="password"
        autoComplete="current-password"
        required
        error={error("password")}
        {...form.register("password")}
      />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline">
          {t("forgotLink")}
        </Link>
      </p>
      <SubmitButton busy={busy} label={t("submitLogin")} busyLabel={t("working")} />
      <p className="text-sm text-slate-600">
        {t("noAccount")}{" "}
        <Link
          href={{ pathname: "/register", query: redirectTo !== "/" ? { redirect: redirectTo } : {} }}
          className="font-medium text-brand-700 underline"
        >
          {t("submitRegister")}
        </Link>
      </p>
    </form>
  );
}
