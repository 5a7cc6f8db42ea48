"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "@/components/layout/toast";
import { ImageField } from "@/components/listing/image-field";
import { useMessageText } from "@/i18n/message-key";
import { useRouter } from "@/i18n/navigation";
import { fieldErrors, profileInput } from "@/lib/validation/account";
import { fieldMessages, postJson } from "./api";
import { Field, FormAlert, SubmitButton } from "./fields";

type Errors = Partial<Record<"name" | "email" | "password" | "confirm" | "currentPassword" | "image", string>>;
type Props = { user: { name: string; email: string; image: string | null } };

/**
 * Sends only what changed; a blank password keeps the current one. A new e-mail or password needs
 * the current password. A new picture is uploaded when chosen and saved with the form.
 */
export function ProfileForm({ user }: Props) {
  const t = useTranslations("Profile");
  const ta = useTranslations("Account");
  const tv = useTranslations();
  const text = useMessageText();
  const router = useRouter();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [image, setImage] = useState(user.image);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get("password") ?? "");
    const confirm = String(data.get("confirm") ?? "");
    const currentPassword = String(data.get("currentPassword") ?? "");
    const changes: Record<string, string> = {};
    if (name.trim() !== user.name) changes.name = name;
    if (email.trim().toLowerCase() !== user.email.toLowerCase()) changes.email = email;
    if (password) changes.password = password;
    if (image !== user.image) changes.image = image ?? "";
    const sensitive = Boolean(changes.email || changes.password);
    if (sensitive) changes.currentPassword = currentPassword;
    const parsed = profileInput.safeParse(changes);
    const next: Errors = {};
    if (sensitive && !currentPassword) next.currentPassword = tv("Validation.currentPasswordRequired");
    if (!parsed.success) {
      for (const [field, key] of Object.entries(fieldErrors(parsed.error))) next[field as keyof Errors] = text(key);
      if (next.password) next.password = tv("Validation.passwordInvalid");
    }
    if (password !== confirm) next.confirm = tv("Validation.passwordsMismatch");
    setErrors(next);
    setFailure(null);
    if (!parsed.success || next.confirm || next.currentPassword) return;
    if (!Object.keys(changes).length) {
      setFailure(t("nothingChanged"));
      return;
    }
    setBusy(true);
    try {
      const { message, emailPending } = await postJson<{ message: string; emailPending: string | null }>(
        "/api/users/profile",
        parsed.data,
        "PUT",
        ta("networkError"),
      );
      form.reset();
      if (emailPending) {
        setEmail(user.email);
        setNotice(message);
      } else {
        setNotice(null);
      }
      toast.success(emailPending ? message : t("updated"));
      router.refresh();
    } catch (caught) {
      setErrors(fieldMessages(caught));
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {notice ? (
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      <ImageField
        id="profile-image"
        label={t("image")}
        value={image}
        onChange={setImage}
        disabled={busy}
        error={errors.image}
        placeholder={<span className="text-2xl font-bold text-brand-700">{user.name.slice(0, 1).toUpperCase()}</span>}
      />
      <Field
        label={ta("name")}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={name}
        onChange={setName}
        error={errors.name}
        hint={errors.name ? tv("Validation.nameHint") : undefined}
      />
      <Field
        label={ta("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={100}
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <p className="text-sm text-slate-600">{t("passwordKeep")}</p>
      <Field
        label={t("newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={100}
        error={errors.password}
        hint={ta("passwordHint")}
      />
      <Field label={t("confirmPassword")} name="confirm" type="password" autoComplete="new-password" maxLength={100} error={errors.confirm} />
      <Field
        label={t("currentPassword")}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        maxLength={100}
        error={errors.currentPassword}
        hint={t("currentPasswordHint")}
      />
      <p className="text-xs text-slate-500">{t("sessionsNote")}</p>
      <SubmitButton busy={busy} label={t("submit")} busyLabel={ta("working")} />
    </form>
  );
}
