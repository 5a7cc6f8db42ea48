import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { MonoOutcome } from "@/features/payments/answers";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { PaymentResult } from "./payment-result";

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;
const STATION = "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b";

/** The result page's first render (as the server sends it) for an outcome, in a language. */
function render(outcome: Partial<MonoOutcome> | null, locale: "en" | "uk" = "en") {
  const initial: MonoOutcome | null = outcome && {
    status: "failed",
    stoId: STATION,
    listed: false,
    unclaimed: false,
    amount: "125.00",
    currency: "UAH",
    ...outcome,
  };
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      // The children come as createElement's third argument.
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(PaymentResult, { paymentId: "p", initial }),
    ),
  );
}
const hrefOf = (html: string, text: string) => new RegExp(`href="([^"]*)"[^>]*>${text}<`).exec(html)?.[1];

describe("PaymentResult", () => {
  it("review: the money arrived but was not applied; it will be returned; no Try again, a way to My stations", () => {
    const html = render({ status: "review" });
    expect(html).toContain("Payment received but not applied");
    expect(html).toContain("the money will be returned to your card");
    expect(html).not.toContain("No money was taken");
    expect(html).not.toContain("Try again");
    expect(hrefOf(html, "Go to My stations")).toBe("/mystos");
    expect(render({ status: "review" }, "uk")).toContain("гроші повернуться на вашу картку");
  });

  it("refunded: the station stays listed when another payment covers it, else it is no longer listed", () => {
    expect(render({ status: "refunded", listed: true })).toContain("Your station stays published");
    expect(render({ status: "refunded", listed: false })).toContain("the station is no longer published");
    expect(render({ status: "refunded", listed: true }, "uk")).toContain("СТО залишається опублікованою");
  });

  it("Try again after a decline or expiry: a claimant back to the place, an owner to their order", () => {
    for (const status of ["failed", "expired"] as const) {
      expect(hrefOf(render({ status, unclaimed: true }), "Try again")).toBe(`/placeorder?sto=${STATION}`);
      expect(hrefOf(render({ status, unclaimed: false }), "Try again")).toBe("/placeorder");
    }
    expect(hrefOf(render({ status: "failed", unclaimed: true }, "uk"), "Спробувати ще раз")).toBe(
      `/ua/placeorder?sto=${STATION}`,
    );
  });

  it("a payment not found leads back to the order", () => {
    expect(hrefOf(render(null), "Back to the order")).toBe("/placeorder");
  });
});
