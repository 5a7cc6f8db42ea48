import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

/**
 * One idea, one word, in each language: a master who drives out to the driver "Comes to you" /
 * «Виїжджає до клієнта» (on the filter chip, the card, the service page and the form alike),
 * adding a station "Add a station" / «Додати СТО», and the picture limit 1 MB (the check), in the
 * language's own spelling.
 */
type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
const containing = (tree: Tree, pattern: RegExp) => texts(tree).filter(([, text]) => pattern.test(text));

describe("the words chosen, everywhere they apply", () => {
  it("calls a mobile master one thing in English", () => {
    expect(containing(en, /on the go|on the road|come out/i)).toEqual([]);
    for (const key of ["Filters.onthego", "Services.onTheGo", "ServiceDetail.onTheRoad", "ServiceForm.isOnTheGo"]) {
      expect(
        key.split(".").reduce<Tree | string>((tree, part) => (tree as Tree)[part]!, en),
        key,
      ).toBe("Comes to you");
    }
  });

  it("calls a mobile master one thing in Ukrainian", () => {
    expect(containing(uk, /виїзн|на дорогу|приїд/i)).toEqual([]);
    for (const [group, key] of [
      ["Filters", "onthego"],
      ["Services", "onTheGo"],
      ["ServiceDetail", "onTheRoad"],
      ["ServiceForm", "isOnTheGo"],
    ] as const) {
      expect((uk[group] as Tree)[key], `${group}.${key}`).toBe("Виїжджає до клієнта");
    }
  });

  it("says adding a station one way", () => {
    expect(containing(en, /add service|add your service/i)).toEqual([]);
    expect([en.Header.addService, en.Listing.addTitle, en.Listing.addAnother]).toEqual([
      "Add a station",
      "Add a station",
      "Add a station",
    ]);
    expect([uk.Header.addService, uk.Listing.addTitle, uk.Listing.addAnother]).toEqual([
      "Додати СТО",
      "Додати СТО",
      "Додати СТО",
    ]);
  });

  it("gives the picture limit that is checked, 1 MB, in each language's spelling", () => {
    expect(containing(en, /\d\s?MB/).map(([, text]) => text.match(/\d+\s?MB/)![0])).toEqual([
      "1 MB",
      "1 MB",
      "1 MB",
      // A request's photos (RequestForm.photosHint).
      "1 MB",
      // A thread message's photos (RequestThread.photosHint).
      "1 MB",
    ]);
    expect(containing(uk, /\d\s?(MB|МБ)/).map(([, text]) => text.match(/\d+\s?(MB|МБ)/)![0])).toEqual([
      "1 МБ",
      "1 МБ",
      "1 МБ",
      "1 МБ",
      "1 МБ",
    ]);
  });

  it("writes Ukrainian as Ukrainian: «несправжній» as one word, the language's name declined", () => {
    expect(containing(uk, /Не справжній/)).toEqual([]);
    expect(uk.Review.reasons.notAVisit).toBe("Несправжній візит");
    const t = createTranslator({ locale: "uk", messages: uk, namespace: "Header" });
    expect(t("switchTo", { language: "uk" })).toBe("Змінити мову на українську");
    expect(t("switchTo", { language: "en" })).toBe("Змінити мову на англійську");
  });

  it("has no broken English left in the order form's message", () => {
    expect(en.PlaceOrder.missing).toBe("Please fill in all fields before proceeding");
    expect(containing(en, /before proceed\b/)).toEqual([]);
  });
});
