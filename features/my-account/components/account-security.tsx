"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { Field, FormAlert } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { ACCOUNT_TEXT_MAX } from "@/features/accounts/rules";
import { forgetPersonOnDevice } from "@/features/saved/components/saved-account";
import { useRouter } from "@/i18n/navigation";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.deleteAccountInput);

/** /profile's second card: sign out everywhere, take the data away, delete the account. */
export function AccountSecurity() {
  const t = useTranslations("Profile");
  const ta = useTranslations("Account");
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const { busy: signingOut, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  // The dialog's field has its own name (the profile form on the same page has a currentPassword
  // field, and ids must not repeat): the server's currentPassword message is the form's message.
  const deletion = useSchemaForm({
    schema: loadSchema,
    defaultValues: { accountPassword: "" },
    request: ({ accountPassword }) => ({ currentPassword: accountPassword }),
    leavesPage: true,
    send: async (request) => {
      const { message } = await postJson<{ message: string }>(
        "/api/users/profile",
        request,
        "DELETE",
        ta("networkError"),
      );
      dialog.current?.close();
      leave(message);
    },
  });
  const busy = signingOut || deletion.busy;

  /** What logout forgets too: this browser's saved list and stored state (spec §4). */
  function leave(message: string) {
    forgetPersonOnDevice();
    toast(message);
    router.replace("/login");
    router.refresh();
  }

  async function signOutEverywhere() {
    setError(null);
    await run(
      { url: "/api/users/sessions", method: "DELETE", body: {} },
      {
        // leave() says it and refreshes, once it has forgotten this browser's state.
        then: () => leave(t("signedOutEverywhere")),
        refresh: false,
        leavesPage: true,
        onError: (_, message) => {
          setError(message);
          return null;
        },
      },
    );
  }

  const secondary = "rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-60";
  return (
    <section
      aria-labelledby="security-title"
      className="mx-auto mt-6 max-w-md space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="security-title" className="text-xl font-bold">
        {t("securityTitle")}
      </h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="space-y-2">
        <p className="text-sm text-slate-600">{t("signOutEverywhereText")}</p>
        <button type="button" onClick={signOutEverywhere} disabled={busy} aria-busy={signingOut} className={secondary}>
          {signingOut ? ta("working") : t("signOutEverywhere")}
        </button>
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-600">{t("exportText")}</p>
        <a href="/api/users/profile/export" download className={`inline-block ${secondary}`}>
          {t("export")}
        </a>
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-600">{t("deleteText")}</p>
        <button
          type="button"
          onClick={() => dialog.current?.showModal()}
          className="rounded-lg border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50"
        >
          {t("deleteTitle")}
        </button>
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="delete-title"
        className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40"
      >
        <form {...deletion.formProps} className="space-y-4">
          <h3 id="delete-title" className="text-lg font-bold">
            {t("deleteTitle")}
          </h3>
          <p className="text-sm">{t("deleteConfirm")}</p>
          {deletion.failure ? <FormAlert>{deletion.failure.message}</FormAlert> : null}
          <Field
            label={t("currentPassword")}
            type="password"
            autoComplete="current-password"
            required
            maxLength={ACCOUNT_TEXT_MAX}
            {...deletion.form.register("accountPassword")}
          />
          <div className="flex justify-end gap-3">
            <button type="button" autoFocus onClick={() => dialog.current?.close()} className={secondary}>
              {t("deleteCancel")}
            </button>
            <button
              type="submit"
              disabled={busy}
              aria-busy={deletion.busy}
              className="rounded-lg bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60"
            >
              {deletion.busy ? ta("working") : t("deleteSubmit")}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
