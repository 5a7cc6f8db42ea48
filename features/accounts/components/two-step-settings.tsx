"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";

import { fieldMessages, postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled, SubmitButton } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { AppCodeInput } from "@/features/accounts/components/app-code-input";
import { useRouter } from "@/i18n/navigation";

type Status = { enabled: boolean; recoveryCodesLeft: number };
type Stage = "idle" | "begin" | "setup" | "codes" | "renew" | "off";

const secondary = "rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-60";

/** A 6-digit code field, as phones offer the code from an SMS or an app for it. */
function CodeField({ label, error }: { label: string; error?: string }) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error}>
      {(control) => <AppCodeInput {...control} className="block max-w-40" />}
    </Labelled>
  );
}

/** The current password, asked before setting up and before turning off. */
function PasswordField({
  id,
  label,
  error,
  autoFocus = false,
}: {
  id: string;
  label: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <Labelled id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={autoFocus}
          className={FIELD_INPUT}
        />
      )}
    </Labelled>
  );
}

/** The key grouped by four, as it is read and typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * /profile's two-step verification: set up (the password, then QR code and key, then a code), the
 * recovery codes shown once (copy, download), new recovery codes, turning it off (password and a code).
 */
export function TwoStepSettings({ status, email, required }: { status: Status; email: string; required: boolean }) {
  const t = useTranslations("Profile");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [stage, setStage] = useState<Stage>("idle");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [setup, setSetup] = useState<{ secret: string; qr: string | null } | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);

  async function call<T>(run: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      return await run();
    } catch (caught) {
      // A wrong password shows under its field; a code's error, and anything else, above the form.
      const { currentPassword } = fieldMessages(caught);
      if (currentPassword) setFieldErrors({ currentPassword });
      else setError(caught instanceof Error ? caught.message : String(caught));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const currentPassword = String(new FormData(event.currentTarget).get("currentPassword") ?? "");
    const answer = await call(() =>
      postJson<{ secret: string; otpauthUrl: string }>(
        "/api/users/profile/totp",
        { currentPassword },
        "POST",
        ta("networkError"),
      ),
    );
    if (!answer) return;
    setSetup({ secret: answer.secret, qr: null });
    setStage("setup");
    // The QR code's library is loaded only by those who set it up.
    const { toString } = await import("qrcode");
    const svg = await toString(answer.otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    setSetup({ secret: answer.secret, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
  }

  const codeOf = (event: FormEvent<HTMLFormElement>) =>
    String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");

  async function turnOn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = codeOf(event);
    const answer = await call(() =>
      postJson<{ recoveryCodes: string[] }>("/api/users/profile/totp", { code }, "PUT", ta("networkError")),
    );
    if (!answer) return;
    toast.success(t("mfaEnabled"));
    setCodes(answer.recoveryCodes);
    setStage("codes");
  }

  async function renew(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = codeOf(event);
    const answer = await call(() =>
      postJson<{ recoveryCodes: string[] }>(
        "/api/users/profile/totp/recovery-codes",
        { code },
        "POST",
        ta("networkError"),
      ),
    );
    if (!answer) return;
    setCodes(answer.recoveryCodes);
    setStage("codes");
  }

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { currentPassword: String(form.get("currentPassword") ?? ""), code: codeOf(event) };
    const answer = await call(() =>
      postJson<{ message: string }>("/api/users/profile/totp", body, "DELETE", ta("networkError")),
    );
    if (!answer) return;
    toast.success(answer.message);
    finish();
  }

  function finish() {
    setStage("idle");
    setCodes([]);
    setSetup(null);
    setError(null);
    setFieldErrors({});
    router.refresh();
    heading.current?.focus();
  }

  const codesText = `${t("mfaCodesFile", { email })}\n\n${codes.join("\n")}\n`;
  function download() {
    const url = URL.createObjectURL(new Blob([codesText], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "maister-recovery-codes.txt";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(codesText);
      toast.success(t("mfaCopied"));
    } catch {
      // No clipboard (an insecure origin, a refusal): the codes stay on screen to select by hand.
    }
  }

  let body: ReactNode;
  if (stage === "begin") {
    body = (
      <form onSubmit={start} className="space-y-4">
        <p className="text-sm text-slate-600">{t("mfaStartText")}</p>
        <PasswordField
          id="mfa-start-password"
          label={t("currentPassword")}
          error={fieldErrors.currentPassword}
          autoFocus
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={busy} label={t("mfaStartSubmit")} busyLabel={ta("working")} inline />
          <button type="button" onClick={finish} className={secondary}>
            {t("mfaCancel")}
          </button>
        </div>
      </form>
    );
  } else if (stage === "setup" && setup) {
    body = (
      <form onSubmit={turnOn} className="space-y-4">
        <p className="text-sm">{t("mfaScan")}</p>
        <div className="flex size-48 items-center justify-center rounded-lg border border-slate-200 bg-white">
          {setup.qr ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data: URL made here, nothing to optimise
            <img src={setup.qr} alt={t("mfaQrAlt")} width={176} height={176} />
          ) : (
            <span className="text-sm text-slate-500" aria-live="polite">
              {ta("working")}
            </span>
          )}
        </div>
        <div className="text-sm">
          <p>{t("mfaKeyLabel")}</p>
          <code className="mt-1 block rounded bg-slate-100 px-2 py-1 font-mono text-base break-all select-all">
            {grouped(setup.secret)}
          </code>
        </div>
        <p className="text-sm">{t("mfaEnterCode")}</p>
        <CodeField label={t("mfaCode")} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={busy} label={t("mfaTurnOn")} busyLabel={ta("working")} inline />
          <button type="button" onClick={finish} className={secondary}>
            {t("mfaCancel")}
          </button>
        </div>
      </form>
    );
  } else if (stage === "codes") {
    body = (
      <div className="space-y-4">
        <h3 className="font-semibold">{t("mfaCodesTitle")}</h3>
        <p className="text-sm text-slate-600">{t("mfaCodesText")}</p>
        <ul
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm"
          aria-label={t("mfaCodesTitle")}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={copy} className={secondary}>
            {t("mfaCopy")}
          </button>
          <button type="button" onClick={download} className={secondary}>
            {t("mfaDownload")}
          </button>
          <button
            type="button"
            onClick={finish}
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            {t("mfaCodesSaved")}
          </button>
        </div>
      </div>
    );
  } else if (stage === "renew") {
    body = (
      <form onSubmit={renew} className="space-y-4">
        <p className="text-sm text-slate-600">{t("mfaRenewText")}</p>
        <CodeField label={t("mfaCode")} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={busy} label={t("mfaRenewSubmit")} busyLabel={ta("working")} inline />
          <button type="button" onClick={finish} className={secondary}>
            {t("mfaCancel")}
          </button>
        </div>
      </form>
    );
  } else if (stage === "off") {
    body = (
      <form onSubmit={turnOff} className="space-y-4">
        <p className="text-sm text-slate-600">{t("mfaTurnOffText")}</p>
        <PasswordField id="mfa-current-password" label={t("currentPassword")} error={fieldErrors.currentPassword} />
        <CodeField label={t("mfaCode")} />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="rounded-lg bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60"
          >
            {busy ? ta("working") : t("mfaTurnOffSubmit")}
          </button>
          <button type="button" onClick={finish} className={secondary}>
            {t("mfaCancel")}
          </button>
        </div>
      </form>
    );
  } else if (status.enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-sm">{t("mfaOnText")}</p>
        <p className="text-sm text-slate-600">{t("mfaCodesLeft", { count: status.recoveryCodesLeft })}</p>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={() => setStage("renew")} className={secondary}>
            {t("mfaRenew")}
          </button>
          <button
            type="button"
            onClick={() => setStage("off")}
            className="rounded-lg border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50"
          >
            {t("mfaTurnOff")}
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{t("mfaOffText")}</p>
        <button
          type="button"
          onClick={() => setStage("begin")}
          className={
            required
              ? "rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
              : secondary
          }
        >
          {t("mfaStart")}
        </button>
      </div>
    );
  }

  return (
    <section
      id="two-step"
      aria-labelledby="two-step-title"
      className="mx-auto mt-6 max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="two-step-title" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {t("mfaTitle")}
      </h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {body}
    </section>
  );
}
