"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "@/components/layout/toast";
import { fieldMessages, postJson } from "@/components/account/api";
import { Field } from "@/components/account/fields";
import { ImageField } from "@/components/listing/image-field";
import { useMessageText } from "@/i18n/message-key";
import { useRouter } from "@/i18n/navigation";
import type { AdminUser } from "@/lib/server/admin";
import { adminUserInput } from "@/lib/validation/admin";
import { fieldErrors } from "@/lib/validation/account";

type Errors = Partial<Record<"name" | "email" | "image" | "isAdmin", string>>;

/** Spec "Admin users edit": read-only until Edit; Update sends the changed fields, isAdmin as 'true'/'false'. */
export function UserEditor({ user: first, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const t = useTranslations("Admin");
  const ta = useTranslations("Account");
  const text = useMessageText();
  const router = useRouter();
  const [user, setUser] = useState(first);
  const [draft, setDraft] = useState(first);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes: Record<string, unknown> = {};
    if (draft.name !== user.name) changes.name = draft.name;
    if (draft.email !== user.email) changes.email = draft.email;
    if (draft.image !== user.image) changes.image = draft.image ?? "";
    if (draft.isAdmin !== user.isAdmin) changes.isAdmin = String(draft.isAdmin);
    const parsed = adminUserInput.safeParse(changes);
    if (!parsed.success) {
      const found = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, key]) => [field, text(key)]));
      setErrors(found);
      toast.error(Object.values(found)[0]);
      return;
    }
    setErrors({});
    if (!Object.keys(changes).length) return setEditing(false);
    setBusy(true);
    try {
      const saved = await postJson<AdminUser>(`/api/users/${user._id}`, parsed.data, "PUT", ta("networkError"));
      setUser(saved);
      setDraft(saved);
      setEditing(false);
      toast.success(t("userUpdated"));
      router.refresh();
    } catch (error) {
      setErrors(fieldMessages(error));
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-xl border border-slate-200 bg-white p-5">
      <fieldset disabled={!editing || busy} className="space-y-4">
        <Field label={t("name")} name="name" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} maxLength={100} error={errors.name} />
        <Field
          label={t("email")}
          name="email"
          type="email"
          value={draft.email}
          onChange={(email) => setDraft({ ...draft, email })}
          maxLength={100}
          error={errors.email}
        />
        <ImageField id="user-image" value={draft.image} onChange={(image) => setDraft({ ...draft, image })} disabled={!editing || busy} error={errors.image} />
        <fieldset className="text-sm">
          <legend className="font-medium">{t("adminYesNo")}</legend>
          <div className="mt-1 flex gap-4">
            {[true, false].map((option) => (
              <label key={String(option)} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="isAdmin"
                  checked={draft.isAdmin === option}
                  disabled={isSelf}
                  onChange={() => setDraft({ ...draft, isAdmin: option })}
                  className="size-4"
                />
                {option ? t("yes") : t("no")}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        {editing ? (
          <>
            <button
              key="update"
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {t("update")}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setDraft(user);
                setErrors({});
                setEditing(false);
              }}
              className="rounded-lg border border-slate-300 px-5 py-2 font-medium hover:bg-slate-50"
            >
              {t("cancel")}
            </button>
          </>
        ) : (
          // Its own key: reusing this element as the submit button would let the same click submit the form.
          <button
            key="edit"
            type="button"
            onClick={() => setEditing(true)}
            className="rounded-lg bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700"
          >
            {t("edit")}
          </button>
        )}
      </div>
    </form>
  );
}
