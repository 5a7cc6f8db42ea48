import { describe, expect, it } from "vitest";

import { composeRequestMail, type RequestMailKind } from "./request-mail";

// Every kind, or the compiler says which is missing.
const EVERY_KIND: Record<RequestMailKind, true> = {
  new: true,
  reminder: true,
  answered: true,
  chosen: true,
  passed: true,
  cancelledByDriver: true,
  cancelledByShop: true,
  closedByAdmin: true,
  expired: true,
  messageToDriver: true,
  messageToService: true,
  bookingReminderDriver: true,
  bookingReminderService: true,
  extraProposed: true,
  extraDecided: true,
  jobDone: true,
  jobConfirmed: true,
  jobDisputed: true,
  disputeResolved: true,
  bookingProposed: true,
  bookingRescheduled: true,
  bookingConfirmed: true,
  bookingOtherTimes: true,
  bookingCancelled: true,
  bookingNoShow: true,
};
const KINDS = Object.keys(EVERY_KIND) as RequestMailKind[];

describe("composeRequestMail", () => {
  it("writes every kind in both languages without leaving a placeholder", () => {
    for (const locale of ["en", "uk"] as const)
      for (const kind of KINDS) {
        const mail = composeRequestMail(
          kind,
          "to@example.com",
          locale,
          {
            name: "Olena",
            job: "brake_pads",
            station: "Autofix",
            car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" },
            when: { from: "2026-12-01", to: "2026-12-03", partOfDay: "morning" },
            driverName: "Petro",
            driverEmail: "petro@example.com",
            reason: "Out of parts",
            answers: 2,
            message: "Коли можна приїхати?",
            slot: { start: new Date("2026-12-11T08:30:00Z"), minutes: 90 },
            address: "вул. Київська, 1",
            amount: 1900,
            extra: "Brake discs",
            decision: "approved",
            by: "time",
            outcome: "not_done",
          },
          "https://maister.example/requests/inbox",
        );
        expect(mail.subject, `${locale} ${kind}`).not.toMatch(/[{}]/);
        expect(mail.text, `${locale} ${kind}`).not.toMatch(/[{}]/);
        expect(mail.kind).toBe(`request.${kind}`);
        expect(mail.text).toContain("https://maister.example/requests/inbox");
      }
  });

  it("names the job, the car and the wanted days in the recipient's language", () => {
    const en = composeRequestMail("new", "a@b.c", "en", {
      name: "Olena",
      job: "brake_pads",
      station: "Autofix",
      car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" },
      when: { from: "2026-12-01", to: "2026-12-03", partOfDay: "evening" },
    });
    expect(en.subject).toBe("A driver asks Autofix for a price: Brake pads replacement");
    expect(en.text).toContain("Skoda Octavia, 2015, diesel");
    expect(en.text).toContain("December 1, 2026 – December 3, 2026, in the evening");
    const uk = composeRequestMail("new", "a@b.c", "uk", {
      name: "Олена",
      job: "custom",
      description: "Стукає   підвіска спереду",
      station: "Автофікс",
      car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "lpg" },
      when: { asap: true },
    });
    expect(uk.subject).toBe("Новий запит ціни для Автофікс: «Стукає підвіска спереду»");
    expect(uk.text).toContain("Skoda Octavia, 2015 р., газ");
    expect(uk.text).toContain("Коли: якнайшвидше.");
  });

  it("tells a driver whether the service answered or declined", () => {
    const values = { name: "Petro", job: "oil_change", station: "Autofix" };
    expect(composeRequestMail("answered", "a@b.c", "en", { ...values, declined: false }).subject).toBe(
      "Autofix answered your request: Oil change",
    );
    expect(composeRequestMail("answered", "a@b.c", "en", { ...values, declined: true }).subject).toBe(
      "Autofix declined your request: Oil change",
    );
    expect(composeRequestMail("expired", "a@b.c", "uk", { ...values, answers: 3 }).text).toContain(
      "Надійшли 3 відповіді.",
    );
  });

  it("writes a job's amounts as the app writes prices, and its 72 hours", () => {
    const values = { name: "Petro", job: "oil_change", station: "Autofix", amount: 1900 };
    const en = composeRequestMail("jobDone", "a@b.c", "en", values);
    expect(en.subject).toBe("Autofix marked your job done: Oil change");
    expect(en.text).toContain("₴1,900");
    expect(en.text).toContain("72 hours");
    const uk = composeRequestMail("jobDone", "a@b.c", "uk", { ...values, message: "Замінили фільтр" });
    expect(uk.text).toMatch(/1\s900\s₴/u);
    expect(uk.text).toContain("«Замінили фільтр»");
    expect(composeRequestMail("jobConfirmed", "a@b.c", "uk", { ...values, by: "time" }).text).toContain(
      "не відповів протягом 72 годин",
    );
  });

  it("quotes a thread's message as written, braces and markup included, escaped in the HTML", () => {
    const mail = composeRequestMail(
      "messageToDriver",
      "a@b.c",
      "uk",
      { name: "Petro", job: "oil_change", station: "Autofix", message: "Ціна {1500} <b>грн</b>" },
      "https://maister.example/ua/requests/1",
    );
    expect(mail.subject).toBe("Сервіс Autofix написав вам: Заміна оливи");
    expect(mail.text).toContain("Ціна {1500} <b>грн</b>");
    expect(mail.html).toContain("Ціна {1500} &lt;b&gt;грн&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>");
  });
});
