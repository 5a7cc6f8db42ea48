"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from "react";

import { ApiError, postJson } from "@/components/ui/api-client";
import { ErrorText, FIELD_INPUT, FormAlert, FormNotice, SubmitButton } from "@/components/ui/fields";
import { OneSlot } from "@/components/ui/one-slot";
import { AppCodeInput } from "@/features/accounts/components/app-code-input";
import { hasSignedInHint } from "@/features/accounts/session-cookie";
import { Link } from "@/i18n/navigation";

import type { ClaimView } from "../answers";
import { CLAIM_MESSAGE_MAX, CLAIM_PAY_DAYS, type ClaimVisitor } from "../rules";

type Loaded =
  | { phase: "loading" }
  | { phase: "failed" }
  | { phase: "signedOut" }
  | { phase: "ready"; claim: ClaimView | null; yours: boolean; held: boolean };

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const LINK_BUTTON =
  "inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * "Is this your business?" on the page of a place the viewer does not hold. It asks the API for the
 * viewer's claim itself (the page may be a shared rendering that knows nobody): signed out, a link
 * to sign in and come back; then the claim form, the code from the place's mail (with "send
 * again"), the word that an administrator will decide, or, once proved, the way to pay the fee.
 * On a listing someone owns it stays folded: a claim there is a dispute for an administrator.
 *
 * Its owner sees their own box instead (the way to /mystos). `visitor` is what the page knew of
 * them: on a page rendered for its visitor the right box is there from the first paint. A page
 * from the page cache was rendered for nobody ("unknown"): on a listing with an owner both boxes
 * then share one grid cell, so the slot is as tall as the taller whichever the answer shows, and
 * nothing below moves; the claim box is a guess, hidden from a browser holding a session cookie
 * until its answer (app/globals.css, [data-guess]), and the owner's stays unseen until it is theirs.
 */
export function ClaimPanel({
  serviceId,
  claimed,
  visitor,
}: {
  serviceId: string;
  claimed: boolean;
  visitor: ClaimVisitor | "unknown";
}) {
  const t = useTranslations("Claims");
  const ta = useTranslations("Account");
  const known = visitor === "unknown" ? null : visitor;
  const [loaded, setLoaded] = useState<Loaded>(() =>
    known?.yours
      ? { phase: "ready", claim: null, yours: true, held: false }
      : known && !known.signedIn
        ? { phase: "signedOut" }
        : { phase: "loading" },
  );
  const url = `/api/items/${serviceId}/claim`;
  const signedIn = known?.signedIn;
  const yoursKnown = known?.yours === true;

  const load = useCallback(async () => {
    // Their own listing, known from the page: there is no claim to ask about.
    if (yoursKnown) return;
    // Signed out (as the page knew, or a browser without a session cookie): nothing to ask (a 401 would only fill the security log).
    if (signedIn === undefined ? !hasSignedInHint(document.cookie) : !signedIn)
      return setLoaded({ phase: "signedOut" });
    setLoaded({ phase: "loading" });
    try {
      const response = await fetch(url, { cache: "no-store" });
      if (response.status === 401) return setLoaded({ phase: "signedOut" });
      if (!response.ok) return setLoaded({ phase: "failed" });
      const { claim, yours, held } = (await response.json()) as {
        claim: ClaimView | null;
        yours: boolean;
        held: boolean;
      };
      setLoaded({ phase: "ready", claim, yours, held });
    } catch {
      setLoaded({ phase: "failed" });
    }
  }, [url, signedIn, yoursKnown]);
  useEffect(() => {
    // The viewer's claim is theirs alone: read after the page, never part of its cached HTML.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading state set before the request
    void load();
  }, [load]);

  // A rendering for everyone of a listing with an owner: this visitor may be the owner, or not.
  const shared = visitor === "unknown" && claimed;
  if (loaded.phase === "ready" && loaded.yours)
    return shared ? <ClaimOrOwner claimBox={null} shown="owner" /> : <OwnerBox />;
  const claim = loaded.phase === "ready" ? loaded.claim : null;
  const open = claim && ["code_sent", "pending", "verified"].includes(claim.status);

  let body: ReactNode;
  if (loaded.phase === "loading")
    body = (
      <p role="status" className="text-sm text-slate-600">
        {t("loading")}
      </p>
    );
  else if (loaded.phase === "failed")
    body = (
      <div className="space-y-2">
        <FormAlert>{t("loadError")}</FormAlert>
        <button
          type="button"
          onClick={() => void load()}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          {t("retry")}
        </button>
      </div>
    );
  else if (loaded.phase === "signedOut")
    body = (
      <Link href={`/login?redirect=${encodeURIComponent(`/service/${serviceId}`)}`} className={LINK_BUTTON}>
        {t("signIn")}
      </Link>
    );
  else if (claim?.status === "code_sent")
    body = <CodeStep url={url} claim={claim} onChange={(next) => setLoaded({ ...loaded, claim: next })} />;
  else if (claim?.status === "pending")
    body = <FormNotice>{claim.dispute ? t("stateDispute") : t("statePending")}</FormNotice>;
  else if (claim?.status === "verified")
    body = (
      <div className="space-y-3">
        <FormNotice>{t("stateVerified")}</FormNotice>
        <p className="text-sm text-slate-700">{t("payWithin", { days: CLAIM_PAY_DAYS })}</p>
        <Link href={`/placeorder?sto=${serviceId}`} className={LINK_BUTTON}>
          {t("payCta")}
        </Link>
      </div>
    );
  else
    body = (
      <div className="space-y-3">
        {claim?.lapsed ? (
          <FormAlert>{t("stateLapsed", { days: CLAIM_PAY_DAYS })}</FormAlert>
        ) : claim?.status === "rejected" ? (
          <FormAlert>{t("stateRejected", { reason: claim.reason })}</FormAlert>
        ) : null}
        <ClaimForm
          url={url}
          again={claim?.status === "rejected"}
          networkError={ta("networkError")}
          onClaimed={(next) => setLoaded({ ...loaded, claim: next })}
        />
      </div>
    );

  const heading = <h2 className="text-lg font-semibold">{t("title")}</h2>;
  // Told before they write a word: someone else holds the place, so a claim goes to an administrator.
  const held = loaded.phase === "ready" && loaded.held;
  const intro = (
    <p className="text-sm text-slate-700">{claimed ? t("introClaimed") : held ? t("introHeld") : t("intro")}</p>
  );
  if (claimed && !open) {
    const folded = (hidden: boolean) => (
      <details
        data-slot="claim"
        // Until the answer, a guess: a browser holding a session cookie may be the owner's.
        data-guess={loaded.phase === "loading" ? "" : undefined}
        aria-hidden={hidden || undefined}
        className={`rounded-xl border border-slate-200 bg-white p-4 ${hidden ? "invisible" : ""}`}
      >
        <summary tabIndex={hidden ? -1 : undefined} className="cursor-pointer font-semibold text-brand-700">
          {t("title")}
        </summary>
        <div className="mt-3 space-y-3">
          {intro}
          {body}
        </div>
      </details>
    );
    return shared ? <ClaimOrOwner claimBox={folded} shown="claim" /> : folded(false);
  }
  return (
    <section aria-label={t("title")} className="space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4">
      {heading}
      {open ? null : intro}
      {body}
    </section>
  );
}

/** The owner's box on their own listing's page: where they manage it. */
function OwnerBox({ hidden = false }: { hidden?: boolean }) {
  const t = useTranslations("Claims");
  return (
    <div
      data-slot="owner"
      aria-hidden={hidden || undefined}
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-white p-4 ${hidden ? "invisible" : ""}`}
    >
      <p className="font-semibold">{t("ownerTitle")}</p>
      {hidden ? (
        // Unseen, the same words without the link: the page cache's shared copy links to nobody's /mystos.
        <span className="text-sm font-medium underline">{t("ownerManage")}</span>
      ) : (
        <Link href="/mystos" className="text-sm font-medium text-brand-700 underline">
          {t("ownerManage")}
        </Link>
      )}
    </div>
  );
}

/**
 * The folded claim box and the owner's box in one grid cell, one of them shown: the cell is as
 * tall as the taller, so the swap after the page cache's first paint moves nothing below it.
 */
function ClaimOrOwner({
  claimBox,
  shown,
}: {
  claimBox: ((hidden: boolean) => ReactNode) | null;
  shown: "claim" | "owner";
}) {
  const t = useTranslations("Claims");
  return (
    <OneSlot>
      {claimBox ? (
        claimBox(shown !== "claim")
      ) : (
        // The owner's page keeps the claim box's place (its folded line) so the slot keeps its height.
        <details data-slot="claim" aria-hidden className="invisible rounded-xl border border-slate-200 bg-white p-4">
          <summary tabIndex={-1} className="font-semibold">
            {t("title")}
          </summary>
        </details>
      )}
      <OwnerBox hidden={shown !== "owner"} />
    </OneSlot>
  );
}

function ClaimForm({
  url,
  again,
  networkError,
  onClaimed,
}: {
  url: string;
  again: boolean;
  networkError: string;
  onClaimed: (claim: ClaimView) => void;
}) {
  const t = useTranslations("Claims");
  const id = useId();
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError({});
    try {
      onClaimed(await postJson<ClaimView>(url, { message }, "POST", networkError));
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors?.message?.message : undefined;
      setError(field ? { field } : { form: errorText(failure, networkError) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      {error.form ? <FormAlert>{error.form}</FormAlert> : null}
      <div className="text-sm">
        <label htmlFor={id} className="font-medium">
          {t("messageLabel")}
        </label>
        <textarea
          id={id}
          name="message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={CLAIM_MESSAGE_MAX}
          rows={3}
          required
          aria-invalid={error.field ? true : undefined}
          aria-describedby={`${id}-hint${error.field ? ` ${id}-error` : ""}`}
          className={FIELD_INPUT}
        />
        <span id={`${id}-hint`} className="mt-1 block text-xs text-slate-500">
          {t("messageHint")}
        </span>
        <ErrorText id={`${id}-error`} error={error.field} />
      </div>
      <SubmitButton busy={busy} label={again ? t("claimAgain") : t("submit")} busyLabel={t("working")} inline />
    </form>
  );
}

function CodeStep({
  url,
  claim,
  onChange,
}: {
  url: string;
  claim: ClaimView;
  onChange: (claim: ClaimView | null) => void;
}) {
  const t = useTranslations("Claims");
  const ta = useTranslations("Account");
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      onChange(await postJson<ClaimView>(`${url}/verify`, { code }, "POST", ta("networkError")));
    } catch (failure) {
      setError(errorText(failure, ta("networkError")));
      // Tries left, a claim ended by the last wrong code, or one turned into a dispute: as it is now.
      if (failure instanceof ApiError && failure.status !== 429) {
        const response = await fetch(url, { cache: "no-store" }).catch(() => null);
        if (response?.ok) onChange(((await response.json()) as { claim: ClaimView | null }).claim);
      }
    } finally {
      setBusy(false);
    }
  };
  const sendAgain = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const next = await postJson<ClaimView>(url, { message: claim.message }, "POST", ta("networkError"));
      setCode("");
      if (next.status === "code_sent") setNotice(t("codeResent", { sentTo: next.sentTo ?? "" }));
      onChange(next);
    } catch (failure) {
      setError(errorText(failure, ta("networkError")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void verify(event)} className="space-y-3" noValidate>
      <p className="text-sm text-slate-800">{t("codeSent", { sentTo: claim.sentTo ?? "" })}</p>
      {notice ? <FormNotice>{notice}</FormNotice> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="text-sm">
        <label htmlFor={id} className="block font-medium">
          {t("codeLabel")}
        </label>
        <AppCodeInput
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={`${id}-tries`}
          className="max-w-40"
        />
        {claim.triesLeft !== null ? (
          <span id={`${id}-tries`} className="mt-1 block text-xs text-slate-500">
            {t("triesLeft", { count: claim.triesLeft })}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy} label={t("verify")} busyLabel={t("working")} inline />
        <button
          type="button"
          onClick={() => void sendAgain()}
          disabled={busy}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {t("sendAgain")}
        </button>
      </div>
    </form>
  );
}
