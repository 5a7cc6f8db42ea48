"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";

import { Field } from "@/components/ui/fields";
import { ACCOUNT_TEXT_MAX, containsEmailName } from "@/features/accounts/rules";

type WithNewPassword = FieldValues & { password: string; confirm: string };
type WithIdentity = FieldValues & { name: string; email: string };
/** What a group of fields takes from the form that holds it (components/ui/use-schema-form.ts). */
type FieldsOf<Values extends FieldValues> = {
  register: UseFormRegister<Values>;
  error: (name: Path<Values>) => string | undefined;
};

/** Name and e-mail, as at sign-up and on the profile: a refused name says which letters it may hold. */
export function NameAndEmailFields<Values extends WithIdentity>({ register, error }: FieldsOf<Values>) {
  const t = useTranslations("Account");
  const tv = useTranslations("Validation");
  const name = "name" as Path<Values>;
  const email = "email" as Path<Values>;
  return (
    <>
      <Field
        label={t("name")}
        autoComplete="name"
        required
        maxLength={ACCOUNT_TEXT_MAX}
        error={error(name)}
        hint={error(name) ? tv("nameHint") : undefined}
        {...register(name)}
      />
      <Field
        label={t("email")}
        type="email"
        autoComplete="email"
        required
        maxLength={ACCOUNT_TEXT_MAX}
        error={error(email)}
        {...register(email)}
      />
    </>
  );
}

/**
 * The server's refusal of a new password that holds the name of the account's e-mail (old or new),
 * said as the person types instead of after sending (the rule: containsEmailName in rules.ts).
 */
export function useEmailNameError(typed: string | undefined, emails: readonly (string | null | undefined)[]) {
  const tv = useTranslations("Validation");
  return typed && containsEmailName(typed, emails) ? tv("passwordEmailName") : undefined;
}

/**
 * A new password typed twice (sign-up, reset from a mailed link): the rules in the first field's
 * hint, the e-mail's name checked as it is typed (`typed`, the field's value, against `emails`),
 * the second field checked by the form's passwordsMatch rule (features/accounts/rules.ts).
 */
export function NewPasswordFields<Values extends WithNewPassword>({
  register,
  error,
  typed,
  emails = [],
}: FieldsOf<Values> & { typed?: string; emails?: readonly (string | null | undefined)[] }) {
  const t = useTranslations("Account");
  const password = "password" as Path<Values>;
  const confirm = "confirm" as Path<Values>;
  const emailName = useEmailNameError(typed, emails);
  return (
    <>
      <Field
        label={t("password")}
        type="password"
        autoComplete="new-password"
        required
        maxLength={ACCOUNT_TEXT_MAX}
        error={error(password) ?? emailName}
        hint={t("passwordHint")}
        {...register(password)}
      />
      <Field
        label={t("confirmPassword")}
        type="password"
        autoComplete="new-password"
        required
        maxLength={ACCOUNT_TEXT_MAX}
        error={error(confirm)}
        {...register(confirm)}
      />
    </>
  );
}
