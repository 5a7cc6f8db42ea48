import { describe, expect, it } from "vitest";

import { hasContacts, MASK, maskContacts } from "./contact-mask";

/** Contacts typed in a thread before the driver chose the service: hidden, and nothing else. */
describe("maskContacts", () => {
  const hidden = (text: string) => maskContacts(text).text;

  describe("hides phone numbers in every usual Ukrainian spelling", () => {
    it.each([
      "+380 67 123 45 67",
      "+380671234567",
      "+38 067 123 45 67",
      "+38 (067) 123-45-67",
      "+38(067)1234567",
      "380671234567",
      "38 067 123 45 67",
      "0671234567",
      "067-123-45-67",
      "067 123 45 67",
      "067 123 4567",
      "(067) 123 45 67",
      "(067)123-45-67",
      "067.123.45.67",
      "8 067 123 45 67",
      "+48 123 456 789",
      "+1 (415) 555-0101",
    ])("%s", (phone) => {
      expect(hidden(phone)).toBe(MASK);
      expect(hidden(`Дзвоніть ${phone}, будь ласка`)).toBe(`Дзвоніть ${MASK}, будь ласка`);
      expect(hidden(`тел.:${phone}.`)).toBe(`тел.:${MASK}.`);
    });

    it("two numbers in one message", () => {
      expect(hidden("0671234567 або 050 765 43 21")).toBe(`${MASK} або ${MASK}`);
    });
  });

  describe("hides e-mail addresses, links and messenger handles", () => {
    it.each([
      ["ivan.petrenko@gmail.com", MASK],
      ["Пишіть на ivan+sto@ukr.net!", `Пишіть на ${MASK}!`],
      ["іван@пошта.укр", MASK],
      ["https://example.com/price?a=1", MASK],
      ["http://sto.kiev.ua", MASK],
      ["see www.autofix.com.ua for photos", `see ${MASK} for photos`],
      ["example.com.ua", MASK],
      ["Наш сайт: autofix.ua/prices", `Наш сайт: ${MASK}`],
      ["EXAMPLE.COM", MASK],
      ["t.me/autofix_kyiv", MASK],
      ["https://t.me/+AbCdEf", MASK],
      ["viber://chat?number=%2B380671234567", MASK],
      ["wa.me/380671234567", MASK],
      ["мій телеграм @autofix_kyiv", `мій телеграм ${MASK}`],
      ["@ivan", MASK],
      ["Viber @Sto_Master, Telegram @sto.", `Viber ${MASK}, Telegram ${MASK}.`],
    ])("%s", (text, expected) => {
      expect(hidden(text)).toBe(expected);
    });
  });

  describe("leaves prices, dates, times, plates, VINs, years and ordinary words alone", () => {
    it.each([
      "1500 грн",
      "Ціна 1500 грн, робота 2 000 грн",
      "від 1 500 до 2 500 грн",
      "1500-2500 грн",
      "12 500 ₴ за все",
      "Можна 12.05.2026 о 10:30?",
      "12.05.2026 10:30",
      "2026-05-12 о 09:00",
      "з 9:00 до 18:00, сб 10:00–14:00",
      "Номер авто AA 1234 BB",
      "КА1234ВС",
      "VIN WVWZZZ1JZXW000001",
      "VIN 1HGCM82633A004352",
      "JTDKB20U093501234",
      "Skoda Octavia 2015 року, 1.9 TDI",
      "2015 2016 2017",
      "пробіг 215000 км",
      "масло 5W-30, 4.5 л",
      "Ok. Thanks, see you at 10.",
      "м. Київ, вул. Шевченка, 10",
      "і т.д. і т.п.",
      "колодки 0.5 мм",
      "Знижка 10% до 31.12",
      "Замовлення №0012345",
      "email me later",
      "at 5 @ the shop",
    ])("%s", (text) => {
      expect(maskContacts(text)).toEqual({ text, hidden: false });
    });
  });

  it("says whether anything was hidden", () => {
    expect(maskContacts("Телефон 0671234567")).toEqual({ text: `Телефон ${MASK}`, hidden: true });
    expect(hasContacts("Коли вам зручно?")).toBe(false);
    expect(hasContacts("ivan@example.com")).toBe(true);
  });

  it("keeps the rest of the text as typed, line breaks included", () => {
    expect(hidden("Добрий день!\nМій номер 067 123 45 67.\nДякую")).toBe(`Добрий день!\nМій номер ${MASK}.\nДякую`);
  });
});
