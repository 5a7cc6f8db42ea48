"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { Field } from "@/components/forms/fields";
import { ACCOUNT_TEXT_MAX } from "@/lib/validation/rules";

type WithNewPassword = FieldValues & { password: string; confirm: string };

/**
 * A new password typed twice (sign-up, reset from a mailed link): the rules in the first field's
 * hint, the second checked by the form's passwordsMatch rule (lib/validation/rules.ts).
 */
export function NewPasswordFields<Values extends WithNewPassword>({
  register,
  error,
}: {
  register: UseFormRegister<Values>;
  error: (name: Path<Values>) => string | undefined;
}) {
  const t = useTranslations("Account");
  const password = "password" as Path<Values>;
  const confirm = "confirm" as Path<Values>;
  return (
    <>
      <Field
        label={t("password")}
        type="password"
        autoComplete="new-password"
        required
        maxLength={ACCOUNT_TEXT_MAX}
        error={error(password)}
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
