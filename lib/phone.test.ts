import { describe, expect, it } from "vitest";

import { telegramHref, telegramUsername, telHref, viberHref } from "@/domain/service/outside-links";
import { displayPhone, formatPhoneInput, normalizePhone, PHONE_INPUT_MAX } from "@/lib/phone";

describe("normalizePhone", () => {
  it.each([
    "+380671234567",
    "+38 067 123 45 67",
    "+38(067)1234567",
    "+38 (067) 123-45-67",
    "+380 67 123 4567",
    "+380-67-123-45-67",
    "380671234567",
    "38 (067) 123 45 67",
    "0671234567",
    "067 123 4567",
    "(067) 123-45-67",
    "067-123-45-67",
    " 067 123 4567 ",
    "0 67 1 2 3 4 5 6 7",
  ])("reads %j as +380671234567", (typed) => {
    expect(normalizePhone(typed)).toBe("+380671234567");
  });

  it("reads landlines and every operator the same way", () => {
    expect(normalizePhone("044 234 5678")).toBe("+380442345678");
    expect(normalizePhone("+38 (032) 297-00-00")).toBe("+380322970000");
    expect(normalizePhone("0991234567")).toBe("+380991234567");
  });

  it.each([
    ["empty", ""],
    ["too short", "067 123 456"],
    ["too long", "067 123 45678"],
    ["the old formatter's mangling of +38(067)1234567", "380 671 2345"],
    ["a trunk 0 inside the country code", "+380 067 123 4567"],
    ["no trunk 0 and no country code", "671234567"],
    ["another country", "+1 650 253 0000"],
    ["another country with 380 inside", "+44 380671234567"],
    ["a plus in the middle", "380+671234567"],
    ["letters", "067 ABC 4567"],
    ["an extension", "067 123 4567 ext 2"],
    ["dots", "067.123.45.67"],
    ["a slash", "067/123 4567"],
    ["an operator code starting with 0", "000 123 4567"],
    ["double plus", "++380671234567"],
  ])("refuses %s", (_, typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});

describe("displayPhone", () => {
  it("shows any accepted form as the spec's XXX XXX XXXX", () => {
    expect(displayPhone("+380671234567")).toBe("067 123 4567");
    expect(displayPhone("+38 (067) 123-45-67")).toBe("067 123 4567");
    expect(displayPhone("380442345678")).toBe("044 234 5678");
  });

  it("leaves anything else as it is", () => {
    expect(displayPhone("")).toBe("");
    expect(displayPhone("067 12")).toBe("067 12");
    expect(displayPhone("+1 650 253 0000")).toBe("+1 650 253 0000");
  });
});

describe("formatPhoneInput", () => {
  it("spaces a national number typed as digits as XXX XXX XXXX, as the spec's formatter does", () => {
    expect(formatPhoneInput("0")).toBe("0");
    expect(formatPhoneInput("067")).toBe("067");
    expect(formatPhoneInput("0671")).toBe("067 1");
    expect(formatPhoneInput("0671234567")).toBe("067 123 4567");
    expect(formatPhoneInput("067 123 45678")).toBe("067 123 4567");
  });

  it("keeps +380, brackets and dashes as typed, so the number is not mangled on the way", () => {
    expect(formatPhoneInput("+38(067)1234567")).toBe("+38(067)1234567");
    expect(formatPhoneInput("+38 (067) 12")).toBe("+38 (067) 12");
    expect(formatPhoneInput("380671234567")).toBe("380671234567");
    expect(formatPhoneInput("067-123-45-67")).toBe("067-123-45-67");
  });

  it("drops letters and stops at the input's length", () => {
    expect(formatPhoneInput("tel: +380 67 123 4567")).toBe(" +380 67 123 4567");
    expect(formatPhoneInput("+".repeat(40))).toHaveLength(PHONE_INPUT_MAX);
  });

  it("leaves every accepted form, once typed, readable by normalizePhone", () => {
    for (const typed of ["+38(067)1234567", "0671234567", "380 67 123 45 67", "(067) 123-45-67"]) {
      expect(normalizePhone(displayPhone(formatPhoneInput(typed)))).toBe("+380671234567");
    }
  });
});

describe("telHref", () => {
  it("dials with the country code whatever the stored form", () => {
    expect(telHref("+380671234567")).toBe("tel:+380671234567");
    expect(telHref("067 123 4567")).toBe("tel:+380671234567");
  });

  it("dials the digits of a number stored before phones were normalized", () => {
    expect(telHref("123 456 7890")).toBe("tel:1234567890");
  });
});

describe("telegramUsername and messenger links", () => {
  it.each([
    ["@maister_sto", "maister_sto"],
    ["maister_sto", "maister_sto"],
    ["https://t.me/maister_sto", "maister_sto"],
    ["t.me/maister_sto/", "maister_sto"],
    ["  telegram.me/Maister2024 ", "Maister2024"],
    ["@abc", null],
    ["@1maister", null],
    ["maister sto", null],
    ["https://example.com/maister_sto", null],
    ["@" + "a".repeat(33), null],
  ])("%s → %s", (input, expected) => {
    expect(telegramUsername(input)).toBe(expected);
  });

  it("Viber opens a chat with the full international number", () => {
    expect(viberHref("+380671234567")).toBe("viber://chat?number=%2B380671234567");
    expect(viberHref("067 123 4567")).toBe("viber://chat?number=%2B380671234567");
    expect(telegramHref("maister_sto")).toBe("https://t.me/maister_sto");
  });
});
