"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Controller } from "react-hook-form";

import { postJson } from "@/components/ui/api-client";
import { Field, FormAlert, FormNotice, SubmitButton } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { NameAndEmailFields, useEmailNameError } from "@/features/accounts/components/account-fields";
import { ACCOUNT_TEXT_MAX, inPageLanguage, NEW_PASSWORD_WORDING, passwordsMatch } from "@/features/accounts/rules";
import { ImageField } from "@/features/uploads/components/image-field";
import { useRouter } from "@/i18n/navigation";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.profileInput);

type Stored = { name: string; email: string; image: string | null };
type Values = Stored & { password: string; confirm: string; currentPassword: string };
type Props = { user: Stored };

/** What the profile sends: the fields that differ from the stored ones, and the current password a new e-mail or password needs. */
function changes(user: Stored, values: Values): Record<string, string> {
  const changed: Record<string, string> = {};
  if (values.name.trim() !== user.name) changed.name = values.name;
  if (values.email.trim().toLowerCase() !== user.email.toLowerCase()) changed.email = values.email;
  if (values.password) changed.password = values.password;
  if (values.image !== user.image) changed.image = values.image ?? "";
  if (changed.email || changed.password) changed.currentPassword = values.currentPassword;
  return changed;
}

/**
 * Sends only what changed; a blank password keeps the current one. A new e-mail or password needs
 * the current password. A new picture is uploaded when chosen and saved with the form.
 */
export function ProfileForm({ user }: Props) {
  const t = useTranslations("Profile");
  const ta = useTranslations("Account");
  const locale = useLocale();
  const router = useRouter();
  const [notice, setNotice] = useState<string | null>(null);
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { ...user, password: "", confirm: "", currentPassword: "" },
    // Unchanged fields are not checked: a name stored before the rules grew stricter does not block a new e-mail.
    request: (values: Values) => changes(user, values),
    rules: (values) => ({
      ...passwordsMatch(values),
      currentPassword:
        "currentPassword" in changes(user, values) && !values.currentPassword && "Validation.currentPasswordRequired",
    }),
    wording: NEW_PASSWORD_WORDING,
    send: async (changed) => {
      if (!Object.keys(changed).length) throw new Error(t("nothingChanged"));
      const { message, emailPending } = await postJson<{ message: string; emailPending: string | null }>(
        inPageLanguage("/api/users/profile", locale),
        changed,
        "PUT",
        ta("networkError"),
      );
      form.reset({
        ...form.getValues(),
        password: "",
        confirm: "",
        currentPassword: "",
        ...(emailPending ? { email: user.email } : {}),
      });
      setNotice(emailPending ? message : null);
      toast.success(emailPending ? message : t("updated"));
      router.refresh();
    },
  });

  // A new password may hold the name of neither the stored address nor the one being typed.
  const emailName = useEmailNameError(form.watch("password"), [user.email, form.watch("email")]);

  return (
    <form {...formProps} className="space-y-4">
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      {notice ? <FormNotice>{notice}</FormNotice> : null}
      <Controller
        name="image"
        control={form.control}
        render={({ field }) => (
          <ImageField
            id="profile-image"
            label={t("image")}
            value={field.value}
            onChange={field.onChange}
            disabled={busy}
            error={error("image")}
            placeholder={
              <span className="text-2xl font-bold text-brand-700">{user.name.slice(0, 1).toUpperCase()}</span>
            }
          />
        )}
      />
      <NameAndEmailFields register={form.register} error={error} />
      <p className="text-sm text-slate-600">{t("passwordKeep")}</p>
      <Field
        label={t("newPassword")}
        type="password"
        autoComplete="new-password"
        maxLength={ACCOUNT_TEXT_MAX}
        error={error("password") ?? emailName}
        hint={ta("passwordHint")}
        {...form.register("password")}
      />
      <Field
        label={t("confirmPassword")}
        type="password"
        autoComplete="new-password"
        maxLength={ACCOUNT_TEXT_MAX}
        error={error("confirm")}
        {...form.register("confirm")}
      />
      <Field
        label={t("currentPassword")}
        type="password"
        autoComplete="current-password"
        maxLength={ACCOUNT_TEXT_MAX}
        error={error("currentPassword")}
        hint={t("currentPasswordHint")}
        {...form.register("currentPassword")}
      />
      <p className="text-xs text-slate-500">{t("sessionsNote")}</p>
      <SubmitButton busy={busy} label={t("submit")} busyLabel={ta("working")} />
    </form>
  );
}
