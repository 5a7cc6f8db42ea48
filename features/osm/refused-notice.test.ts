import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

/**
 * /admin/osm's word on a refused import (features/osm/server/apply-answer.ts, REFUSE_BELOW_SHARE). The
 * rule compares the places the answer lists with those shown; the answer's elements include
 * those it skips (no name, a duplicate), so 6,000 elements of which 1,800 are unnamed list 4,200
 * places, refused against 10,000, and must not read as "6,000 elements, under half of 10,000".
 */
const notice = (messages: typeof en, locale: "en" | "uk") =>
  createTranslator({ locale, messages: messages as never, namespace: "Admin" as never })(
    "osmRefused" as never,
    { elements: 6000, seenBefore: 10000 } as never,
  ) as string;

describe("the refused import's notice", () => {
  it("says the answer listed under half of the places shown, and gives the elements only as its size", () => {
    const english = notice(en, "en");
    expect(english).toMatch(
      /^Refused: this answer listed fewer than half of the 10,000 places shown from OpenStreetMap/,
    );
    expect(english).toContain("6,000 elements in all");
    expect(english).not.toMatch(/6,000 elements, under half/);
    const ukrainian = notice(uk as typeof en, "uk");
    expect(ukrainian).toMatch(/^Відхилено: ця відповідь містила менше половини з 10\s000 закладів з OpenStreetMap/);
    expect(ukrainian).toMatch(/усього в ній 6\s000 елементів/);
    expect(ukrainian).not.toMatch(/мала 6\s000 елементів — менше половини/);
  });
});
