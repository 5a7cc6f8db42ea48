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

  it("takes the other script's capitalised words inside a sentence for names, however long", () => {
    // Brands and models outweigh the Ukrainian letters, but are names: the text is Ukrainian.
    expect(textScript("Ремонт Mercedes-Benz")).toBe("cyrillic");
    expect(textScript("Ремонт Mercedes-Benz і BMW")).toBe("cyrillic");
    expect(textScript("Обслуговуємо Volkswagen Passat, Skoda Octavia та Toyota Camry")).toBe("cyrillic");
    expect(textScript("BMW X5 2018, заміна масла")).toBe("cyrillic");
    expect(langOfText("Ремонт Mercedes-Benz і BMW", "uk")).toBeUndefined();
    expect(langOfText("Ремонт Mercedes-Benz і BMW", "en")).toBe("uk");
    // And the other way round: Ukrainian names inside an English sentence.
    expect(textScript("Repairs for ВАЗ, Таврія and Москвич cars")).toBe("latin");
    // A sentence's first word is no name, whatever its case.
    expect(textScript("Fast. Швидко замінили оливу")).toBe("cyrillic");
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
