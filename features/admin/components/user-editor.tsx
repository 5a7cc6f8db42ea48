"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller } from "react-hook-form";

import { postJson } from "@/components/ui/api-client";
import { Field } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { ACCOUNT_TEXT_MAX } from "@/features/accounts/rules";
import type { AdminUser } from "@/features/admin/server/admin";
import { ImageField } from "@/features/uploads/components/image-field";
import { useRouter } from "@/i18n/navigation";

const loadSchema = () => import("@/features/admin/schema").then((schemas) => schemas.adminUserInput);

type Values = Pick<AdminUser, "name" | "email" | "image" | "isAdmin">;

const valuesOf = ({ name, email, image, isAdmin }: AdminUser): Values => ({ name, email, image, isAdmin });

/** The fields that differ from the stored user, isAdmin as 'true'/'false'. */
function changes(user: AdminUser, values: Values): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  if (values.name !== user.name) changed.name = values.name;
  if (values.email !== user.email) changed.email = values.email;
  if (values.image !== user.image) changed.image = values.image ?? "";
  if (values.isAdmin !== user.isAdmin) changed.isAdmin = String(values.isAdmin);
  return changed;
}

/** Spec "Admin users edit": read-only until Edit; Update sends the changed fields, isAdmin as 'true'/'false'. */
export function UserEditor({ user: first, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const t = useTranslations("Admin");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [user, setUser] = useState(first);
  const [editing, setEditing] = useState(false);
  const { form, busy, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: valuesOf(first),
    request: (values: Values) => changes(user, values),
    onInvalid: (message) => toast.error(message),
    onFailure: (message) => toast.error(message),
    send: async (changed) => {
      if (!Object.keys(changed).length) return setEditing(false);
      const saved = await postJson<AdminUser>(`/api/users/${user._id}`, changed, "PUT", ta("networkError"));
      setUser(saved);
      form.reset(valuesOf(saved));
      setEditing(false);
      toast.success(t("userUpdated"));
      router.refresh();
    },
  });

  return (
    <form {...formProps} className="space-y-5 rounded-xl border border-slate-200 bg-white p-5">
      <fieldset disabled={!editing || busy} className="space-y-4">
        <Field label={t("name")} maxLength={ACCOUNT_TEXT_MAX} error={error("name")} {...form.register("name")} />
        <Field
          label={t("email")}
          type="email"
          maxLength={ACCOUNT_TEXT_MAX}
          error={error("email")}
          {...form.register("email")}
        />
        <Controller
          name="image"
          control={form.control}
          render={({ field }) => (
            <ImageField
              id="user-image"
              value={field.value}
              onChange={field.onChange}
              disabled={!editing || busy}
              error={error("image")}
            />
          )}
        />
        <fieldset className="text-sm">
          <legend className="font-medium">{t("adminYesNo")}</legend>
          <Controller
            name="isAdmin"
            control={form.control}
            render={({ field }) => (
              <div className="mt-1 flex gap-4">
                {[true, false].map((option) => (
                  <label key={String(option)} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="isAdmin"
                      checked={field.value === option}
                      disabled={isSelf}
                      onChange={() => field.onChange(option)}
                      className="size-4"
                    />
                    {option ? t("yes") : t("no")}
                  </label>
                ))}
              </div>
            )}
          />
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
                form.reset(valuesOf(user));
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
