import { describe, expect, it } from "vitest";

import { cyrillicToLatin, keywordVariants, latinToCyrillic } from "@/lib/translit";

describe("transliteration", () => {
  it("turns Ukrainian into Latin", () => {
    expect(cyrillicToLatin("Київ")).toBe("kyiv");
    expect(cyrillicToLatin("Автодоктор")).toBe("avtodoktor");
    expect(cyrillicToLatin("Щастя")).toBe("shchastia");
  });

  it("turns Latin into Ukrainian", () => {
    expect(latinToCyrillic("kyiv")).toBe("київ");
    expect(latinToCyrillic("yizhak")).toBe("їжак");
    expect(latinToCyrillic("lviv")).toBe("лвів");
    expect(latinToCyrillic("motor")).toBe("мотор");
  });

  it("offers the keyword in both scripts", () => {
    expect(keywordVariants("Мотор")).toEqual(["мотор", "motor"]);
    expect(keywordVariants("bosch")).toEqual(["bosch", "босч"]);
  });
});
