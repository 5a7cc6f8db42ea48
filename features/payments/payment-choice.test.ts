import { describe, expect, it } from "vitest";

import { paymentChoices } from "./payment-choice";

describe("paymentChoices", () => {
  it("Ukrainian pages: the card in hryvnias through monobank first and chosen, PayPal still offered", () => {
    expect(paymentChoices("uk", null)).toEqual({ order: ["monobank", "PayPal"], chosen: "monobank" });
  });

  it("English pages: PayPal first and chosen, the card second", () => {
    expect(paymentChoices("en", null)).toEqual({ order: ["PayPal", "monobank"], chosen: "PayPal" });
  });

  it("the person's last choice wins over the language's default, and the order stays the language's", () => {
    expect(paymentChoices("uk", "PayPal")).toEqual({ order: ["monobank", "PayPal"], chosen: "PayPal" });
    expect(paymentChoices("en", "monobank")).toEqual({ order: ["PayPal", "monobank"], chosen: "monobank" });
  });
});
