import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";

import { distanceChoice, distanceKm, roundKm, shownKm } from "@/domain/service/distance";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

describe("distanceKm", () => {
  // Expected values are PostgreSQL's earth_distance(ll_to_earth(…), ll_to_earth(…)) / 1000.
  it("is the great-circle distance on earthdistance's sphere, the same both ways", () => {
    expect(distanceKm({ lat: 50, lng: 30 }, { lat: 51, lng: 30 })).toBeCloseTo(111.32003, 5);
    const kyiv = { lat: 50.4501, lng: 30.5234 };
    const lviv = { lat: 49.8397, lng: 24.0297 };
    expect(distanceKm(kyiv, lviv)).toBeCloseTo(distanceKm(lviv, kyiv), 9);
    expect(distanceKm(kyiv, lviv)).toBeCloseTo(468.05641, 5);
    expect(distanceKm(kyiv, kyiv)).toBe(0);
  });

  it("rounds to a tenth of a km", () => {
    expect(roundKm(2.449)).toBe(2.4);
    expect(roundKm(2.45)).toBe(2.5);
    expect(roundKm(0.04)).toBe(0);
  });
});

describe("shownKm", () => {
  it("is a tenth of a km, and 0 under 100 m, where a tenth would round to 0 or 0.1 km", () => {
    expect(shownKm(0)).toBe(0);
    expect(shownKm(0.04)).toBe(0);
    expect(shownKm(0.08)).toBe(0);
    expect(shownKm(0.0999)).toBe(0);
    expect(shownKm(0.1)).toBe(0.1);
    expect(shownKm(0.14)).toBe(0.1);
    expect(shownKm(1.26)).toBe(1.3);
  });

  it("reads “nearby” at 0 in every distance a visitor sees, and the km otherwise", () => {
    const words = (messages: typeof en, locale: "en" | "uk", km: number) => {
      const t = createTranslator({ locale, messages });
      return [t("Services.distance", { km }), t("ServiceDetail.distance", { km }), t("Cart.distance", { km })];
    };
    expect(words(en, "en", shownKm(0.08))).toEqual(["Nearby", "Right next to you", "Nearby"]);
    expect(words(uk as typeof en, "uk", shownKm(0))).toEqual(["Поруч", "Поруч із вами", "Поруч"]);
    expect(words(en, "en", shownKm(0.1))).toEqual(["0.1 km away", "0.1 km from you", "0.1 km away"]);
    expect(words(uk as typeof en, "uk", shownKm(4.36))).toEqual(["4,4 км від вас", "4,4 км від вас", "4,4 км від вас"]);
  });
});

describe("distanceChoice", () => {
  const kyiv = { lat: 50.4501, lng: 30.5234 };

  it("names the visitor's own position when the list's point is the one they shared, not a chosen point", () => {
    expect(distanceChoice(kyiv, { lat: 50.4501, lng: 30.5234 })).toBe("mine");
    // The point as the URL carries it back: the same numbers.
    const [lat, lng] = `${kyiv.lat},${kyiv.lng}`.split(",").map(Number);
    expect(distanceChoice({ lat: lat!, lng: lng! }, kyiv)).toBe("mine");
  });

  it("is a chosen point when none was shared or another point is used, and nothing without a point", () => {
    expect(distanceChoice(kyiv, null)).toBe("point");
    expect(distanceChoice(kyiv, { lat: 49.8397, lng: 24.0297 })).toBe("point");
    expect(distanceChoice(undefined, kyiv)).toBe("");
    expect(distanceChoice(undefined, null)).toBe("");
  });
});
