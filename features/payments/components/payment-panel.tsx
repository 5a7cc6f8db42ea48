"use client";

import { loadScript } from "@paypal/paypal-js";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useRef, useState } from "react";

import { ApiError, postJson } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import type { PaymentChoice } from "@/features/cart/cart";
import { dispatchCart, useCart } from "@/features/cart/components/use-cart";
import { HRYVNIA_FORMAT, PAYMENT } from "@/features/payments/fee";
import { paymentChoices } from "@/features/payments/payment-choice";
import { useRouter } from "@/i18n/navigation";

type Config = { clientId: string; currency: string; testMode: boolean };
type State = { status: "loading" } | { status: "ready"; config: Config } | { status: "failed" };

/** What /placeorder offers besides PayPal: a card through monobank, with its fee in hryvnias ("125.00"). */
export type MonoOffer = { feeUah: string } | null;

/**
 * How the owner pays: PayPal as it always was, or, when monobank is configured, a choice between
 * PayPal and a card through monobank, first and chosen by the page's language (payment-choice.ts).
 * The choice is kept in the cart state's paymentMethod, so coming back to /placeorder (after a
 * declined card, say) finds it.
 */
export function PaymentPanel({ stoId, nonce, mono }: { stoId: string; nonce: string; mono: MonoOffer }) {
  const t = useTranslations("PlaceOrder");
  const format = useFormatter();
  const locale = useLocale();
  const [cart, dispatch] = useCart();
  if (!mono) return <PaypalPanel stoId={stoId} nonce={nonce} />;
  const { order, chosen: method } = paymentChoices(locale, cart.paymentMethod);
  const labels: Record<PaymentChoice, { label: string; hint: string }> = {
    PayPal: {
      label: t("methodPaypal"),
      hint: t("methodPaypalHint", {
        amount: format.number(Number(PAYMENT.total), { style: "currency", currency: PAYMENT.currency }),
      }),
    },
    monobank: {
      label: t("methodCard"),
      hint: t("methodCardHint", { amount: format.number(Number(mono.feeUah), HRYVNIA_FORMAT) }),
    },
  };
  const options = order.map((value) => ({ value, ...labels[value] }));
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-base font-semibold">{t("methodLegend")}</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 hover:border-brand-600 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2"
          >
            <input
              type="radio"
              name="payment-method"
              value={option.value}
              checked={method === option.value}
              onChange={() => dispatch({ type: "setPaymentMethod", method: option.value })}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block font-medium">{option.label}</span>
              <span className="block text-sm text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {method === "monobank" ? (
        <CardPanel stoId={stoId} feeUah={mono.feeUah} />
      ) : (
        <PaypalPanel stoId={stoId} nonce={nonce} />
      )}
    </div>
  );
}

/** The card option: monobank's invoice is made on the server, and the browser goes to its payment page. */
function CardPanel({ stoId, feeUah }: { stoId: string; feeUah: string }) {
  const t = useTranslations("PlaceOrder");
  const format = useFormatter();
  const { busy, run } = useAction();
  function pay() {
    void run<{ pageUrl: string }>(
      { url: "/api/etc/mono/invoice", method: "POST", body: { stoId } },
      {
        then: ({ pageUrl }) => window.location.assign(pageUrl),
        refresh: false,
        leavesPage: true,
        onError: (error) => (error instanceof ApiError ? undefined : t("unavailable")),
      },
    );
  }
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy}
      onClick={pay}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {busy ? t("cardOpening") : t("cardPay", { amount: format.number(Number(feeUah), HRYVNIA_FORMAT) })}
    </button>
  );
}

/**
 * The PayPal button (SDK loaded with the client id from /api/etc/paypal); the server creates and
 * captures the order. Without PayPal credentials, outside production, a labelled test payment.
 */
/** `nonce`: this request's CSP nonce; PayPal's SDK puts it on the scripts and styles it adds itself. */
function PaypalPanel({ stoId, nonce }: { stoId: string; nonce: string }) {
  const t = useTranslations("PlaceOrder");
  const ta = useTranslations("Account");
  const format = useFormatter();
  const router = useRouter();
  const [state, setState] = useState<State>({ status: "loading" });
  const { busy: paying, run } = useAction();
  const [sdkFailed, setSdkFailed] = useState(false);
  // Bumped by Retry: the SDK is asked for again.
  const [sdkAttempt, setSdkAttempt] = useState(0);
  const buttons = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    fetch("/api/etc/paypal")
      .then((response) =>
        response.ok ? (response.json() as Promise<Config>) : Promise.reject(new Error(String(response.status))),
      )
      .then((config) => live && setState({ status: "ready", config }))
      .catch(() => live && setState({ status: "failed" }));
    return () => {
      live = false;
    };
  }, []);

  async function pay(body: Record<string, unknown>) {
    await run(
      { url: `/api/items/users/${stoId}/pay`, method: "PUT", body },
      {
        success: t("paymentSuccessful"),
        then: () => {
          dispatchCart({ type: "clearStoForOrder" });
          router.push(`/service/${stoId}`);
        },
        leavesPage: true,
        onError: (error) => (error instanceof ApiError ? undefined : t("unavailable")),
      },
    );
  }

  const clientId = state.status === "ready" ? state.config.clientId : "";
  const createOrder = useEffectEvent(
    async () => (await postJson<{ id: string }>("/api/etc/paypal/orders", { stoId }, "POST", ta("networkError"))).id,
  );
  const approve = useEffectEvent((orderID: string) => pay({ paymentMethod: "PayPal", orderID }));
  const failed = useEffectEvent(() => toast.error(t("unavailable")));
  useEffect(() => {
    if (!clientId || !buttons.current) return;
    const container = buttons.current;
    let closed = false;
    loadScript({ clientId, currency: "USD", intent: "capture", components: "buttons", dataCspNonce: nonce })
      .then((paypal) => {
        if (closed || !paypal?.Buttons) return;
        return paypal
          .Buttons({
            style: { layout: "vertical", shape: "rect", label: "pay" },
            createOrder: () => createOrder(),
            onApprove: ({ orderID }) => approve(orderID),
            onError: () => failed(),
          })
          .render(container);
      })
      .catch(() => !closed && setSdkFailed(true));
    return () => {
      closed = true;
      container.replaceChildren();
    };
  }, [clientId, nonce, sdkAttempt]);

  function retrySdk() {
    // The script element that failed stays in the document; the new attempt adds its own.
    for (const script of document.querySelectorAll('script[src*="paypal.com/sdk/js"]')) script.remove();
    setSdkFailed(false);
    setSdkAttempt((attempt) => attempt + 1);
  }

  if (state.status === "loading")
    return (
      <p role="status" className="text-sm text-slate-600">
        {t("paypalLoading")}
      </p>
    );
  if (state.status === "failed")
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        {t("paypalFailed")}
      </p>
    );
  const { clientId: configured, testMode } = state.config;
  if (!configured && !testMode)
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        {t("unavailable")}
      </p>
    );
  return (
    <div className="space-y-3">
      {configured && sdkFailed ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p>{t("paypalFailed")}</p>
          <button
            type="button"
            onClick={retrySdk}
            className="mt-2 rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-100"
          >
            {t("paypalRetry")}
          </button>
        </div>
      ) : null}
      {configured && !sdkFailed ? <div ref={buttons} aria-busy={paying} className="min-h-12" /> : null}
      {testMode ? (
        <>
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{t("testNote")}</p>
          <button
            type="button"
            disabled={paying}
            aria-busy={paying}
            onClick={() => void pay({ paymentMethod: "test" })}
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {paying
              ? t("paying")
              : t("testPayment", {
                  amount: format.number(Number(PAYMENT.total), { style: "currency", currency: PAYMENT.currency }),
                })}
          </button>
        </>
      ) : null}
    </div>
  );
}
