import { describe, expect, it } from "vitest";

import { composeAccountMail } from "@/features/accounts/server/account-mail";

const values = {
  name: "Olena",
  station: "Autofix",
  amount: "125.00",
  currency: "UAH",
  provider: "monobank",
  reference: "2611AbCdEfGhIjKlMnOp",
  payer: "owner@example.com",
  date: "26 November 2026",
};

describe("the payment mails", () => {
  it.each(["en", "uk"] as const)("say the amount, the currency, the processor and its reference (%s)", (locale) => {
    for (const kind of ["receipt", "refunded", "paymentReversedAdmin", "paymentDuplicateAdmin"] as const)
      for (const listing of ["unlisted", "covered"]) {
        const mail = composeAccountMail(kind, "to@example.com", locale, { ...values, listing }, "https://x.example/");
        expect(mail.subject, `${kind} ${listing}`).not.toMatch(/[{}]/);
        expect(mail.text, `${kind} ${listing}`).not.toMatch(/[{}]|PayPal/);
        expect(mail.text).toContain("125.00 UAH");
        expect(mail.text).toContain("monobank");
        expect(mail.text).toContain("2611AbCdEfGhIjKlMnOp");
      }
  });

  it("a refund says whether the station stays listed", () => {
    const text = (listing: string) =>
      composeAccountMail("refunded", "to@example.com", "en", { ...values, listing }).text;
    expect(text("unlisted")).toContain("no longer listed");
    expect(text("covered")).toContain("stays listed");
    const uk = (listing: string) => composeAccountMail("refunded", "to@example.com", "uk", { ...values, listing }).text;
    expect(uk("unlisted")).toContain("більше не показано");
    expect(uk("covered")).toContain("й далі в каталозі");
  });

  it("the admins' mails name the payer", () => {
    for (const kind of ["paymentReversedAdmin", "paymentDuplicateAdmin"] as const)
      expect(composeAccountMail(kind, "admin@example.com", "uk", { ...values, listing: "unlisted" }).text).toContain(
        "owner@example.com",
      );
  });
});
