"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

import { toast } from "@/components/ui/toast";
import { dispatchCart } from "@/features/cart/components/use-cart";
import type { MonoOutcome } from "@/features/payments/answers";
import { HRYVNIA_FORMAT } from "@/features/payments/fee";
import { POLL_EVERY_MS, pollOutcome, type OutcomeCheck } from "@/features/payments/poll-outcome";
import { retryPath } from "@/features/payments/retry-path";
import { Link } from "@/i18n/navigation";

import { PaymentResultCard, PRIMARY_ACTION, SECONDARY_ACTION } from "./payment-result-card";

type Phase = "polling" | "slow" | "checkFailed";

/**
 * /placeorder/result?payment=<id>: where monobank sends the owner back after its payment page. The
 * server read the outcome first (settling it with monobank when the webhook had not come yet); while
 * it is still pending the page asks GET /api/etc/mono/payments/{id} every 2 s for a minute, then
 * says the station will be published when monobank confirms. Success clears the prepared order
 * and says "Payment successful", as the PayPal path does.
 */
export function PaymentResult({ paymentId, initial }: { paymentId: string; initial: MonoOutcome | null }) {
  const t = useTranslations("PlaceOrder");
  const format = useFormatter();
  const [outcome, setOutcome] = useState<MonoOutcome | null>(initial);
  // A payment that went missing while being checked keeps its last outcome: "Back to the order"
  // still knows which station it was for.
  const [lost, setLost] = useState(initial === null);
  const [phase, setPhase] = useState<Phase>("polling");
  // Bumped by "Check again": a new minute of checks, the first one at once.
  const [round, setRound] = useState(0);
  const pending = outcome?.status === "pending";

  useEffect(() => {
    if (!pending || phase !== "polling") return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check: OutcomeCheck = async () => {
      const response = await fetch(`/api/etc/mono/payments/${encodeURIComponent(paymentId)}`, { cache: "no-store" });
      if (response.status === 404) return "notFound";
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as MonoOutcome;
    };
    void pollOutcome(
      {
        check,
        wait: (ms) => new Promise((resolve) => (timer = setTimeout(resolve, ms))),
        now: () => Date.now(),
        live: () => live,
      },
      round === 0 ? POLL_EVERY_MS : 0,
    ).then((end) => {
      if (!end) return;
      if (end.kind === "outcome") setOutcome(end.outcome);
      else if (end.kind === "notFound") setLost(true);
      else setPhase(end.kind);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [pending, phase, paymentId, round]);

  const captured = outcome?.status === "captured";
  useEffect(() => {
    if (!captured) return;
    dispatchCart({ type: "clearStoForOrder" });
    // Once per payment and tab: coming back to the page (reload, Back) does not say it again.
    const key = `maister.paid.${paymentId}`;
    try {
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, "1");
    } catch {
      // Storage refused (a private window's quota): the toast is said anyway.
    }
    toast.success(t("paymentSuccessful"));
  }, [captured, paymentId, t]);

  // A state reached on this page (not the one it opened with) takes the focus, so it is read out.
  const view = lost || !outcome ? "notFound" : pending ? phase : outcome.status;
  const firstView = useRef(view);
  useEffect(() => {
    if (view !== firstView.current) document.getElementById("payment-result-title")?.focus();
  }, [view]);

  const checkAgain = () => {
    setPhase("polling");
    setRound((value) => value + 1);
  };
  const retry = retryPath(outcome);
  const tryAgain = (
    <Link href={retry} className={PRIMARY_ACTION}>
      {t("resultTryAgain")}
    </Link>
  );
  const myStations = (primary = false) => (
    <Link href="/mystos" className={primary ? PRIMARY_ACTION : SECONDARY_ACTION}>
      {t("resultMyStations")}
    </Link>
  );
  const checkButton = (
    <button type="button" onClick={checkAgain} className={PRIMARY_ACTION}>
      {t("resultCheckAgain")}
    </button>
  );

  if (lost || !outcome)
    return (
      <PaymentResultCard
        tone="notice"
        icon="question"
        title={t("resultErrorTitle")}
        actions={
          <Link href={retry} className={PRIMARY_ACTION}>
            {t("resultBackToOrder")}
          </Link>
        }
      >
        <p>{t("resultError")}</p>
      </PaymentResultCard>
    );
  const amount = format.number(
    Number(outcome.amount),
    outcome.currency === "UAH" ? HRYVNIA_FORMAT : { style: "currency", currency: outcome.currency },
  );
  switch (outcome.status) {
    case "captured":
      return (
        <PaymentResultCard
          tone="success"
          icon="check"
          title={t("resultSuccessTitle")}
          actions={
            outcome.stoId ? (
              <Link href={`/service/${outcome.stoId}`} className={PRIMARY_ACTION}>
                {t("resultViewStation")}
              </Link>
            ) : (
              myStations(true)
            )
          }
        >
          <p>{t("resultSuccess", { amount })}</p>
        </PaymentResultCard>
      );
    case "failed":
      return (
        <PaymentResultCard tone="failure" icon="cross" title={t("resultFailedTitle")} actions={tryAgain}>
          <p>{t("resultFailed")}</p>
        </PaymentResultCard>
      );
    case "expired":
      return (
        <PaymentResultCard tone="notice" icon="clock" title={t("resultExpiredTitle")} actions={tryAgain}>
          <p>{t("resultExpired")}</p>
        </PaymentResultCard>
      );
    case "refunded":
      return (
        <PaymentResultCard tone="notice" icon="return" title={t("resultRefundedTitle")} actions={myStations(true)}>
          <p>{t(outcome.listed ? "resultRefundedListed" : "resultRefunded")}</p>
        </PaymentResultCard>
      );
    case "review":
      // The money arrived but could not be applied (it did not match the invoice, or the claim was
      // rejected meanwhile): paying again would not help; an admin was told and refunds it.
      return (
        <PaymentResultCard tone="notice" icon="alert" title={t("resultReviewTitle")} actions={myStations(true)}>
          <p>{t("resultReview")}</p>
        </PaymentResultCard>
      );
    case "pending":
      if (phase === "checkFailed")
        return (
          <PaymentResultCard tone="notice" icon="clock" title={t("resultPendingTitle")} actions={checkButton}>
            <p>{t("resultCheckFailed")}</p>
          </PaymentResultCard>
        );
      if (phase === "slow")
        return (
          <PaymentResultCard
            tone="notice"
            icon="clock"
            title={t("resultPendingTitle")}
            actions={
              <>
                {checkButton}
                {myStations()}
              </>
            }
          >
            <p>{t("resultPending")}</p>
          </PaymentResultCard>
        );
      return (
        <PaymentResultCard tone="waiting" title={t("resultChecking")} live>
          <p>{t("resultCheckingNote")}</p>
        </PaymentResultCard>
      );
  }
}
