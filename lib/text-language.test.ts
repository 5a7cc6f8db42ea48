import { describe, expect, it } from "vitest";

import { langOfText, textScript } from "@/lib/text-language";

describe("textScript", () => {
  it("reads the script most of the letters are written in", () => {
    expect(textScript("Quick oil change, friendly staff")).toBe("latin");
    expect(textScript("Швидко замінили оливу")).toBe("cyrillic");
    // A Ukrainian sentence naming a Latin brand is still Ukrainian.
    expect(textScript("Ремонт ходової Toyota і Skoda за один день")).toBe("cyrillic");
    // An English sentence naming a Ukrainian town is still English.
    expect(textScript("Great service in Бровари, fixed my brakes fast")).toBe("latin");
  });

  it("has no script for text without letters or too few to tell", () => {
    expect(textScript("")).toBeNull();
    expect(textScript("  24/7 !!! 5+ ")).toBeNull();
    expect(textScript("👍👍")).toBeNull();
    expect(textScript("OK")).toBeNull();
  });

  it("has no script when the two are evenly mixed", () => {
    expect(textScript("Oil олія")).toBeNull();
    expect(textScript("Замінили oil filter")).toBeNull();
  });
});

describe("langOfText", () => {
  it("names the text's language when it differs from the page's", () => {
    expect(langOfText("Quick oil change, friendly staff", "uk")).toBe("en");
    expect(langOfText("Швидко замінили оливу", "en")).toBe("uk");
  });

  it("says nothing when the text is in the page's language or cannot be told", () => {
    expect(langOfText("Quick oil change, friendly staff", "en")).toBeUndefined();
    expect(langOfText("Швидко замінили оливу", "uk")).toBeUndefined();
    expect(langOfText("24/7", "uk")).toBeUndefined();
    expect(langOfText("", "en")).toBeUndefined();
  });
});
