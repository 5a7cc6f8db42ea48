import { describe, expect, it } from "vitest";

import demo from "@/features/osm/demo-overpass.json";
import { EMAIL_STABLE_MS } from "@/features/osm/email-age";
import { mapElement } from "@/features/osm/mapping";
import { overpassAnswer } from "@/features/osm/schema";
import type { OsmListing } from "@/features/osm/types";

/** Where prisma/seed.ts puts its demo station "AutoMaster" (Kyiv, published by the demo owner). */
const SEEDED_AUTOMASTER = { latitude: 50.460728, longitude: 30.523744 };

function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLon = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe("the demo Overpass answer", () => {
  const answer = overpassAnswer.parse(demo);
  const mapped = answer.elements.map((element) => ({ element, result: mapElement(element) }));
  const listings = mapped.flatMap(({ result }) => ("skip" in result ? [] : [result])) as OsmListing[];

  it("is a whole Overpass answer: every element read, none refused, no remark", () => {
    expect(answer.elements).toHaveLength(demo.elements.length);
    expect(answer.skipped).toBe(0);
    expect(answer).not.toHaveProperty("remark");
    expect(new Set(answer.elements.map((element) => `${element.type}/${element.id}`)).size).toBe(demo.elements.length);
    expect(new Set(answer.elements.map((element) => element.type))).toEqual(new Set(["node", "way", "relation"]));
  });

  it("maps to at least 28 listings and skips one that is no service and one without a name", () => {
    expect(listings.length).toBeGreaterThanOrEqual(28);
    expect(mapped.flatMap(({ result }) => ("skip" in result ? [result.skip] : [])).sort()).toEqual([
      "no-name",
      "not-a-service",
    ]);
  });

  it("has the mix the demo shows: e-mails, unknown and known hours, tyres, categories, addresses to look up", () => {
    expect(listings.filter((listing) => listing.email).length).toBeGreaterThanOrEqual(6);
    expect(listings.every((listing) => !listing.email || /@([\w-]+\.)*example\.(com|org)$/.test(listing.email))).toBe(
      true,
    );
    expect(listings.filter((listing) => listing.hoursText && !listing.hoursKnown).length).toBeGreaterThanOrEqual(4);
    expect(listings.filter((listing) => !listing.hoursText).length).toBeGreaterThanOrEqual(1);
    expect(listings.filter((listing) => listing.hoursKnown).length).toBeGreaterThanOrEqual(15);
    expect(listings.filter((listing) => listing.workKinds.includes("tyres")).length).toBeGreaterThanOrEqual(2);
    expect(new Set(listings.map((listing) => listing.category))).toEqual(
      new Set(["any", "cars", "trucks", "buses", "agriculturalmachinery"]),
    );
    expect(listings.filter((listing) => listing.address === "").length).toBeGreaterThanOrEqual(3);
    expect(listings.every((listing) => listing.phones.length <= 2)).toBe(true);
  });

  it("dates every place by its last edit as `out meta` does, but one with an e-mail: its address is new to the import", () => {
    const undated = answer.elements.filter((element) => element.tags?.name && !element.timestamp);
    expect(undated.map((element) => element.tags?.name)).toEqual(["Кузовна майстерня Черемушки"]);
    expect(mapElement(undated[0]!)).toMatchObject({ email: "cheremushky@example.org" });
    // The rest were last edited months before the answer, so their addresses may receive claim codes.
    const base = Date.parse(demo.osm3s.timestamp_osm_base);
    for (const element of answer.elements.filter((candidate) => candidate.timestamp))
      expect(base - Date.parse(element.timestamp!)).toBeGreaterThan(EMAIL_STABLE_MS);
  });

  it("holds exactly one duplicate of a seeded station: AutoMaster, within 30 m, by a similar name", () => {
    const near = listings.filter((listing) => metresBetween(listing, SEEDED_AUTOMASTER) < 75);
    expect(near).toHaveLength(1);
    expect(metresBetween(near[0]!, SEEDED_AUTOMASTER)).toBeLessThan(30);
    expect(near[0]!.name.toLowerCase()).toContain("automaster");
  });
});
