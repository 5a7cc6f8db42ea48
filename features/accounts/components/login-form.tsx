"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";

import { ApiError, postJson } from "@/components/ui/api-client";
import { Field, FIELD_INPUT, FormAlert, FormNotice, Labelled, SubmitButton } from "@/components/ui/fields";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { AppCodeInput } from "@/features/accounts/components/app-code-input";
import { inPageLanguage, PASSWORD_PATTERN } from "@/features/accounts/rules";
import { Link, useRouter } from "@/i18n/navigation";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.loginInput);

/**
 * Sign-in: e-mail and password, then, for an account with two-step verification on, a code from
 * the authenticator app or a recovery code (the server keeps the half-way state in a cookie).
 */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const [secondStep, setSecondStep] = useState(false);
  // A new password step after "start again": its form is a fresh one, not the one that was sent.
  const [attempt, setAttempt] = useState(0);
  if (secondStep)
    return (
      <SecondStep
        redirectTo={redirectTo}
        onRestart={() => {
          setSecondStep(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  return <PasswordStep key={attempt} redirectTo={redirectTo} onSecondStep={() => setSecondStep(true)} />;
}

function PasswordStep({ redirectTo, onSecondStep }: { redirectTo: string; onSecondStep: () => void }) {
  const t = useTranslations("Account");
  const ta = useTranslations("Auth");
  const locale = useLocale();
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
      const answer = await postJson<{ mfaRequired?: boolean }>(
        "/api/users/login",
        { email, password },
        "POST",
        t("networkError"),
      );
      if (answer?.mfaRequired) return onSecondStep();
      router.replace(redirectTo);
      router.refresh();
    },
  });

  async function resend() {
    try {
      const { message } = await postJson<{ message: string }>(
        inPageLanguage("/api/users/resend-confirmation", locale),
        // The page the sign-up started from rides in the new link, which replaces the first one.
        { email: form.getValues("email"), ...(redirectTo !== "/" ? { redirect: redirectTo } : {}) },
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

function SecondStep({ redirectTo, onRestart }: { redirectTo: string; onRestart: () => void }) {
  const t = useTranslations("Account");
  const router = useRouter();
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("code") ?? "");
    setBusy(true);
    setFailure(null);
    try {
      await postJson(
        "/api/users/login/totp",
        recovery ? { recoveryCode: typed } : { code: typed.replace(/\s/g, "") },
        "POST",
        t("networkError"),
      );
      router.replace(redirectTo);
      router.refresh();
    } catch (caught) {
      setBusy(false);
      setFailure(caught instanceof Error ? caught.message : String(caught));
      // The challenge ran out: the password is asked again, with the reason shown there.
      if (caught instanceof ApiError && caught.key === "Auth.mfaChallengeExpired") onRestart();
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("mfaTitle")}
      </h2>
      <p className="text-sm text-slate-600">{recovery ? t("mfaRecoveryPrompt") : t("mfaPrompt")}</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Labelled id={`${id}-code`} label={recovery ? t("recoveryCode") : t("mfaCode")}>
        {(control) =>
          recovery ? (
            <input
              {...control}
              key="recovery"
              name="code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              required
              autoFocus
              className={`${FIELD_INPUT} font-mono`}
            />
          ) : (
            <AppCodeInput {...control} key="code" />
          )
        }
      </Labelled>
      <SubmitButton busy={busy} label={t("mfaSubmit")} busyLabel={t("working")} />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => {
            setRecovery((value) => !value);
            setFailure(null);
          }}
          className="font-medium text-brand-700 underline"
        >
          {recovery ? t("useAppCode") : t("useRecoveryCode")}
        </button>
        <button type="button" onClick={onRestart} className="font-medium text-slate-600 underline">
          {t("mfaStartOver")}
        </button>
      </div>
    </form>
  );
}
