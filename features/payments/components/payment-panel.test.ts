import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { PaymentPanel } from "./payment-panel";

// PayPal's side pushes to the router after paying; outside Next there is no router to hold.
vi.mock("@/i18n/navigation", async (original) => ({
  ...(await original<typeof import("@/i18n/navigation")>()),
  useRouter: () => ({ push: () => undefined }),
}));

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

/** The choice as the server sends it (no stored choice yet), in a language, with monobank offered. */
function render(locale: "en" | "uk") {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(PaymentPanel, { stoId: "s", nonce: "n", mono: { feeUah: "125.00" } }),
    ),
  );
}
/** The radios in document order: their value and whether they are checked. */
const radios = (html: string) =>
  [...html.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => ({
    value: /value="([^"]+)"/.exec(tag)?.[1],
    checked: / checked=""/.test(tag),
  }));

describe("PaymentPanel", () => {
  it("on Ukrainian pages lists the card through monobank first, chosen, with its button; PayPal second", () => {
    const html = render("uk");
    expect(radios(html)).toEqual([
      { value: "monobank", checked: true },
      { value: "PayPal", checked: false },
    ]);
    expect(html).toMatch(/Сплатити 125,00\s₴ карткою/);
  });

  it("on English pages keeps PayPal first and chosen", () => {
    expect(radios(render("en"))).toEqual([
      { value: "PayPal", checked: true },
      { value: "monobank", checked: false },
    ]);
  });
});
