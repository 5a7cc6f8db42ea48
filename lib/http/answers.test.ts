import { describe, expect, it } from "vitest";

import { translate } from "./answers";

const money = {
  style: "currency",
  currency: "UAH",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
} as const;

describe("translate", () => {
  it("fills a message's values, writing numbers given with a format in the answer's language", () => {
    expect(translate("en", "Prices.from", { amount: { number: 1600, format: money } })).toBe("from ₴1,600");
    expect(translate("uk", "Prices.from", { amount: { number: 1600, format: money } })).toMatch(/^від 1\s600\s₴$/u);
    expect(translate("en", "Prices.from", { amount: "a lot" })).toBe("from a lot");
  });

  it("says a key it does not know as the generic error, values or not", () => {
    expect(translate("en", "Nope.nothing", { amount: 1 })).toBe(translate("en", "Api.error"));
    expect(translate("en", "Api.notFound")).not.toBe(translate("en", "Api.error"));
  });
});
