import { describe, expect, it } from "vitest";

import { hasContacts, MASK, maskContacts } from "./contact-mask";

/** Contacts typed in a thread before the driver chose the service: hidden, and nothing else. */
describe("maskContacts", () => {
  const hidden = (text: string) => maskContacts(text).text;

  describe("hides phone numbers in every usual Ukrainian spelling", () => {
    it.each([
      // International and with the country code.
      "+380 67 123 45 67",
      "+380671234567",
      "+380 (67) 123-45-67",
      "+38 067 123 45 67",
      "+38 (067) 123-45-67",
      "+38(067)1234567",
      "(+38) 067 123 45 67",
      "+380 44 123 45 67",
      "380671234567",
      "380 67 123 45 67",
      "38 067 123 45 67",
      "38(067)123-45-67",
      "380441234567",
      "00380671234567",
      "0038 067 123 45 67",
      // National mobiles.
      "0671234567",
      "067-123-45-67",
      "067 123 45 67",
      "067 123 4567",
      "067 12 34 567",
      "(067) 123 45 67",
      "(067)123-45-67",
      "(067)1234567",
      "067.123.45.67",
      "050 765 43 21",
      "093 123 45 67",
      "073 123 45 67",
      "039 123 45 67",
      "0991234567",
      "8 067 123 45 67",
      "8(067)123-45-67",
      "80671234567",
      // Landlines: 3-, 4- and 5-digit area codes, and toll-free numbers.
      "044 123 45 67",
      "(044) 123-45-67",
      "044-123-45-67",
      "(0432) 55-12-34",
      "0432 55 12 34",
      "0432-55-12-34",
      "(0432) 551234",
      "(04594) 5-12-34",
      "0 800 123 456",
      "0800 123 456",
      // Other dashes, slashes, underscores, doubled and spaced-out separators.
      "067–123–45–67",
      "067—123—45—67",
      "067 − 123 − 45 − 67",
      "067 - 123 - 45 - 67",
      "067/123/45/67",
      "067\\123\\45\\67",
      "067_123_45_67",
      "067 123  45 67",
      "067,123,45,67",
      "067:123:45:67",
      "(067)  123 - 45 - 67",
      // Full-width and other compatibility digits (NFKC).
      "０６７ １２３ ４５ ６７",
      "＋３８０６７１２３４５６７",
      // Invisible characters between the digits: zero-width, bidi, soft hyphen, BOM, keycaps.
      "0\u200B6\u200B7\u200B1\u200B2\u200B3\u200B4\u200B5\u200B6\u200B7",
      "044\u200B123\u200B45\u200B67",
      "044\u200C123 45 67",
      "067\u200E123\u200F45\u200E67",
      "+380\u206667\u2069 123 45 67",
      "067\u00AD123\u00AD45\u00AD67",
      "0\uFEFF67 123 45 67",
      "+380\u200D67\u2060123 45 67",
      "0\uFE0F\u20E36\uFE0F\u20E37\uFE0F\u20E31\uFE0F\u20E32\uFE0F\u20E33\uFE0F\u20E34\uFE0F\u20E35\uFE0F\u20E36\uFE0F\u20E37\uFE0F\u20E3",
      // Any other number written as an international one.
      "+48 123 456 789",
      "+1 (415) 555-0101",
      "+44 20 7946 0958",
      "+49 30 12345678",
    ])("%s", (phone) => {
      expect(hidden(phone)).toBe(MASK);
      expect(hidden(`Дзвоніть ${phone}, будь ласка`)).toBe(`Дзвоніть ${MASK}, будь ласка`);
      expect(hidden(`тел.:${phone}.`)).toBe(`тел.:${MASK}.`);
    });

    it("two numbers in one message", () => {
      expect(hidden("0671234567 або 050 765 43 21")).toBe(`${MASK} або ${MASK}`);
      expect(hidden("067 123 45 67\n044 123 45 67")).toBe(`${MASK}\n${MASK}`);
    });

    it("a number glued to a word", () => {
      expect(hidden("тел0671234567")).toBe(`тел${MASK}`);
    });
  });

  describe("hides e-mail addresses, links and messenger handles", () => {
    it.each([
      ["ivan.petrenko@gmail.com", MASK],
      ["Пишіть на ivan+sto@ukr.net!", `Пишіть на ${MASK}!`],
      ["іван@пошта.укр", MASK],
      ["ivan@mail.example", MASK],
      // Spelled-out and spaced-out addresses.
      ["ivan @ gmail.com", MASK],
      ["ivan @ gmail . com", MASK],
      ["ivan@ gmail.com", MASK],
      ["ivan[at]gmail.com", MASK],
      ["ivan [at] gmail [dot] com", MASK],
      ["ivan (at) gmail (dot) com", MASK],
      ["ivan{at}gmail.com", MASK],
      ["ivan at gmail dot com", MASK],
      ["ivan AT gmail DOT com", MASK],
      ["іван собака gmail.com", MASK],
      ["Пишіть: ivan собака ukr крапка net", `Пишіть: ${MASK}`],
      ["ivan (собака) gmail (крапка) com", MASK],
      ["ｉｖａｎ＠ｇｍａｉｌ．ｃｏｍ", MASK],
      ["iv\u200Ban@gm\u200Bail.com", MASK],
      ["ivan\u2066@\u2069gmail.com", MASK],
      // Links.
      ["https://example.com/price?a=1", MASK],
      ["Фото тут: https://example.com/a.jpg.", `Фото тут: ${MASK}.`],
      ["http://sto.kiev.ua", MASK],
      ["see www.autofix.com.ua for photos", `see ${MASK} for photos`],
      ["ｗｗｗ．autofix．ua", MASK],
      ["https://exa\u200Bmple.com", MASK],
      ["example.com.ua", MASK],
      ["Наш сайт: autofix.ua/prices", `Наш сайт: ${MASK}`],
      ["EXAMPLE.COM", MASK],
      ["autofix.in.ua", MASK],
      ["autofix[.]ua", MASK],
      ["autofix (dot) com", MASK],
      ["autofix.md", MASK],
      ["autofix.ge", MASK],
      ["autofix.lt", MASK],
      ["autofix.cz", MASK],
      // Link shorteners and link-in-bio hosts.
      ["bit.ly/3xYz", MASK],
      ["bit\u200B.ly/x", MASK],
      ["linktr.ee/autofix", MASK],
      ["goo.gl/maps/abc", MASK],
      ["t.co/abc", MASK],
      ["tinyurl.com/abc", MASK],
      ["tinyurl.com", MASK],
      ["instagram.com/autofix", MASK],
      ["youtu.be/abc", MASK],
      ["sto.in/ua", MASK],
      // Messengers.
      ["t.me/autofix_kyiv", MASK],
      ["https://t.me/+AbCdEf", MASK],
      ["tg://resolve?domain=autofix_kyiv", MASK],
      ["viber://chat?number=%2B380671234567", MASK],
      ["whatsapp://send?phone=380671234567", MASK],
      ["wa.me/380671234567", MASK],
      ["мій телеграм @autofix_kyiv", `мій телеграм ${MASK}`],
      ["@ivan", MASK],
      ["@ivan_petrenko", MASK],
      ["Інстаграм @ivan.petrenko.", `Інстаграм ${MASK}.`],
      ["@\u200Bivan_petrenko", MASK],
      ["Viber @Sto_Master, Telegram @sto.", `Viber ${MASK}, Telegram ${MASK}.`],
    ])("%s", (text, expected) => {
      expect(hidden(text)).toBe(expected);
    });
  });

  describe("leaves prices, dates, times, plates, VINs, part numbers, years and ordinary words alone", () => {
    it.each([
      // Prices and ranges.
      "1500 грн",
      "Ціна 1500 грн, робота 2 000 грн",
      "від 1 500 до 2 500 грн",
      "1500-2500 грн",
      "1 500–2 000 грн",
      "1 500 — 2 000 грн",
      "12 500 ₴ за все",
      "+2 000 грн за терміновість",
      // Dates and times.
      "Можна 12.05.2026 о 10:30?",
      "12.05.2026 10:30",
      "09.05.2026 10:30",
      "08.05.2026, 10:30",
      "05.05.2026 10:30-12:00",
      "2026-05-12 о 09:00",
      "з 9:00 до 18:00, сб 10:00–14:00",
      "з 09:00 до 18:00",
      "Знижка 10% до 31.12",
      "12.05.26",
      // Plates and VINs.
      "Номер авто AA 1234 BB",
      "КА1234ВС",
      "VIN WVWZZZ1JZXW000001",
      "VIN WVWZZZ1KZ6W000001",
      "VIN XW8ZZZ60987654321",
      "VIN 1HGCM82633A004352",
      "JTDKB20U093501234",
      // Part numbers.
      "Bosch 0 986 494 294",
      "0 986 494 294, 0 986 494 295",
      "1 987 947 609",
      "06A 115 561 B",
      "OEM 04E 906 036",
      "Форсунка 0 445 110 250",
      "0445 110 250",
      "Toyota 04465-33450",
      "0446533450",
      "04465 33450",
      "A 000 420 30 00",
      "A0004203000",
      "Коди P0300, P0301",
      "Замовлення №0012345",
      // Cars, fluids, mileage, years.
      "Skoda Octavia 2015 року, 1.9 TDI",
      "2.0 TDI",
      "1.5 л",
      "0.5 л",
      "2015 2016 2017",
      "пробіг 215000 км",
      "пробіг 150 000 км",
      "масло 5W-30, 4.5 л",
      "5W-30",
      "DOT 4 гальмівна рідина",
      "205/55 R16",
      "колодки 0.5 мм",
      "+25°C",
      // Abbreviations and prose.
      "і т.д. і т.п.",
      "т.д.",
      "ст.м. Лук'янівська",
      "м. Київ, вул. Шевченка, 10",
      "p.s. дякую, e.g. масло",
      "Добрий день! Коли можна під'їхати? Заміна колодок і дисків, ціна з роботою 1800 грн.",
      "Hello, when can I bring the car in? The front pads squeak. See you at 10.",
      "Ok. Thanks, see you at 10.",
      "Thanks.To be clear, it is fixed.It works",
      "I'm at work, my dog is at home",
      "email me later",
      "at 5 @ the shop",
      "ivan@gmail",
      "Колодки будуть 12.05 о 09:00, 1800 грн",
    ])("%s", (text) => {
      expect(maskContacts(text)).toEqual({ text, hidden: false });
    });
  });

  describe("decided cases", () => {
    it("ten digits in one piece after a mobile operator's code are a phone, even a Bosch number (098 is Kyivstar's)", () => {
      expect(hidden("Bosch 0 986 494 294 або 0986494294")).toBe(`Bosch 0 986 494 294 або ${MASK}`);
    });

    it("a landline in one piece is not (Toyota 04465…, Bosch 0445… part numbers look the same), unless written with 38", () => {
      expect(hidden("0441234567")).toBe("0441234567");
      expect(hidden("380441234567")).toBe(MASK);
    });

    it("a word before a spaced-off @ is no address's name: the handle or domain after it goes, the word stays", () => {
      expect(hidden("ivan @gmail.com")).toBe(`ivan ${MASK}`);
      expect(hidden("Інстаграм @autofix.ua")).toBe(`Інстаграм ${MASK}`);
    });

    it("brackets around the whole number stay", () => {
      expect(hidden("(067 123 45 67)")).toBe(`(${MASK})`);
    });

    it("an international number stops at a comma", () => {
      expect(hidden("+48 123 456 789, 1500 грн")).toBe(`${MASK}, 1500 грн`);
    });
  });

  describe("keeps the rest of the text exactly as typed", () => {
    it.each([
      ["Ціна 1 500–2 000 грн, дзвоніть 067–123–45–67 до 18:00", `Ціна 1 500–2 000 грн, дзвоніть ${MASK} до 18:00`],
      ["Запис на 09.05.2026 10:30, мій номер (044) 123-45-67.", `Запис на 09.05.2026 10:30, мій номер ${MASK}.`],
      ["Пишіть: ivan (at) gmail (dot) com — або @ivan_petrenko", `Пишіть: ${MASK} — або ${MASK}`],
      [
        "Колодки ０ ９８６ ４９４ ２９４ — номер ０６７１２３４５６７",
        `Колодки ０ ９８６ ４９４ ２９４ — номер ${MASK}`,
      ],
      ["Мій\u00A0номер 0\u200B67 123 45 67!", `Мій\u00A0номер ${MASK}!`],
      ["\u2066067 123 45 67\u2069 ok", `\u2066${MASK}\u2069 ok`],
      ["за́мок, 067 123 45 67", `за́мок, ${MASK}`],
      ["Пишіть на sto@autofix.ua або autofix.com.ua. Ціна 1800 грн", `Пишіть на ${MASK} або ${MASK}. Ціна 1800 грн`],
      ["Добрий день!\nМій номер 067 123 45 67.\nДякую", `Добрий день!\nМій номер ${MASK}.\nДякую`],
    ])("%s", (text, expected) => {
      expect(hidden(text)).toBe(expected);
    });
  });

  it("says whether anything was hidden", () => {
    expect(maskContacts("Телефон 0671234567")).toEqual({ text: `Телефон ${MASK}`, hidden: true });
    expect(hasContacts("Коли вам зручно?")).toBe(false);
    expect(hasContacts("ivan@example.com")).toBe(true);
    expect(hasContacts("ivan at gmail dot com")).toBe(true);
    expect(hasContacts("0 986 494 294")).toBe(false);
  });
});
