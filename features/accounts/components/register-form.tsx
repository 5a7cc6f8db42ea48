"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { FormAlert, SubmitButton } from "@/components/ui/fields";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { inPageLanguage, NEW_PASSWORD_WORDING, passwordsMatch } from "@/features/accounts/rules";
import { Link } from "@/i18n/navigation";

import { NameAndEmailFields, NewPasswordFields } from "./account-fields";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.registerInput);

/** `redirectTo`: the page the sign-up started from, carried by the mailed link to land there once confirmed. */
export function RegisterForm({ redirectTo }: { redirectTo: string }) {
  const t = useTranslations("Account");
  const locale = useLocale();
  const [done, setDone] = useState<string | null>(null);
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { name: "", email: "", password: "", confirm: "" },
    rules: passwordsMatch,
    wording: NEW_PASSWORD_WORDING,
    send: async (account) => {
      const body = redirectTo === "/" ? account : { ...account, redirect: redirectTo };
      const { message } = await postJson<{ message: string }>(
        inPageLanguage("/api/users", locale),
        body,
        "POST",
        t("networkError"),
      );
      setDone(message);
    },
  });

  if (done) {
    return (
      <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {done}
      </p>
    );
  }

  return (
    <form {...formProps} className="space-y-4">
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <NameAndEmailFields register={form.register} error={error} />
      <NewPasswordFields
        register={form.register}
        error={error}
        typed={form.watch("password")}
        emails={[form.watch("email")]}
      />
      <SubmitButton busy={busy} label={t("submitRegister")} busyLabel={t("working")} />
      <p className="text-sm text-slate-600">
        {t("haveAccount")}{" "}
        <Link
          // Back to sign-in keeps the page the sign-up started from, as the sign-in page's link here does.
          href={{ pathname: "/login", query: redirectTo !== "/" ? { redirect: redirectTo } : {} }}
          className="font-medium text-brand-700 underline"
        >
          {t("submitLogin")}
        </Link>
      </p>
    </form>
  );
}
