import { beforeAll, describe, expect, it } from "vitest";

import { GET as getItem } from "@/app/api/items/[id]/route";
import { GET as getLocations } from "@/app/api/items/locations/route";
import { GET as listItems } from "@/app/api/items/route";
import { GET as getTop } from "@/app/api/items/top/route";
import { sitemapUrls } from "@/features/catalog/server/sitemap";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { makeImportedPlace } from "../../helpers/osm-places";
import { makeRequest, params } from "../../helpers/request";

type Item = { _id: string; name: string } & Record<string, unknown>;

const list = async (query: string): Promise<{ items: Item[]; total?: number; pages: number }> =>
  (await listItems(makeRequest(`/api/items?${query}`))).json();

let claimedId = "";
let importedId = "";
let hiddenId = "";
let importedOsmId = 0n;

beforeAll(async () => {
  // Equal ratings and review counts: only `claimed` tells them apart in the rating sorts.
  const ratings = { ratingAvg: 4.2, qualityAvg: 4.2, speedAvg: 4.2, priceAvg: 4.2, numReviews: 5 };
  const imported = await makeImportedPlace({ name: "Vulcan Imported", ratings, osmType: "way", osmId: 123456789 });
  importedId = imported.id;
  importedOsmId = imported.osmId;
  claimedId = (await makeService({ name: "Vulcan Claimed", ratings })).id;
  hiddenId = (await makeImportedPlace({ name: "Vulcan Hidden", ratings, hiddenAt: new Date("2026-11-01T00:00:00Z") }))
    .id;
  // The id tie-breaker must not decide: the imported one has the smaller id, so only `claimed`
  // can put the claimed one first.
  if (importedId > claimedId) {
    const prisma = await getPrisma();
    const smaller = "00000000-0000-7000-8000-000000000001";
    await prisma.$executeRaw`UPDATE services SET id = ${smaller}::uuid WHERE id = ${importedId}::uuid`;
    importedId = smaller;
    catalogChanged();
  }
});

describe("imported places in the public answers", () => {
  it("every card says where it came from, whether it is claimed, and whether its hours are known", async () => {
    const { items } = await list("keyword=Vulcan");
    const imported = items.find((item) => item._id === importedId);
    const claimed = items.find((item) => item._id === claimedId);
    expect(imported).toMatchObject({
      source: "osm",
      claimed: false,
      hoursKnown: false,
      hoursText: "Mo-Fr 09:00-13:00,14:00-18:00; PH off",
      workKinds: ["tyres"],
      openNow: false,
      nextChange: null,
    });
    expect(claimed).toMatchObject({ source: "owner", claimed: true, hoursKnown: true, hoursText: "", workKinds: [] });

    const [topImported] = (await (await getTop(makeRequest("/api/items/top"))).json()).filter(
      (item: Item) => item._id === importedId,
    );
    expect(topImported).toMatchObject({ source: "osm", claimed: false, hoursKnown: false, workKinds: ["tyres"] });
  });

  it("the detail names the OpenStreetMap object, its page and its edit page; no owner", async () => {
    const response = await getItem(makeRequest(`/api/items/${importedId}`), params({ id: importedId }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      source: "osm",
      claimed: false,
      hoursKnown: false,
      hoursText: "Mo-Fr 09:00-13:00,14:00-18:00; PH off",
      workKinds: ["tyres"],
      user: null,
      osm: {
        type: "way",
        id: String(importedOsmId),
        url: "https://www.openstreetmap.org/way/123456789",
        editUrl: "https://www.openstreetmap.org/edit?way=123456789",
      },
    });
    const owned = await (await getItem(makeRequest(`/api/items/${claimedId}`), params({ id: claimedId }))).json();
    expect(owned).toMatchObject({ source: "owner", claimed: true, osm: null });
    expect(typeof owned.user).toBe("string");
  });

  it("map pins say whether a place is claimed, for the popup's label", async () => {
    const body = await (await getLocations(makeRequest("/api/items/locations"))).json();
    const pin = body.services.find((service: Item) => service._id === importedId);
    expect(pin).toMatchObject({ source: "osm", claimed: false });
    expect(body.services.find((service: Item) => service._id === claimedId)).toMatchObject({
      source: "owner",
      claimed: true,
    });
  });
});

describe("ranking", () => {
  it.each(["rating", "quality", "speed", "price"])(
    "with equal %s scores a claimed listing comes before an unclaimed one; ascending is the exact reverse",
    async (field) => {
      const names = async (direction: string) =>
        (await list(`keyword=Vulcan&sort=${field}.${direction}`)).items.map((item) => item.name);
      expect(await names("desc")).toEqual(["Vulcan Claimed", "Vulcan Imported"]);
      expect(await names("asc")).toEqual(["Vulcan Imported", "Vulcan Claimed"]);
    },
  );

  it("the default order and the top strip put the claimed one first too", async () => {
    expect((await list("keyword=Vulcan")).items.map((item) => item.name)).toEqual([
      "Vulcan Claimed",
      "Vulcan Imported",
    ]);
    const top = (await (await getTop(makeRequest("/api/items/top"))).json()).map((item: Item) => item._id);
    expect(top.indexOf(claimedId)).toBeLessThan(top.indexOf(importedId));
  });
});

describe("a hidden imported place", () => {
  it("is in no public read: list, count, search, map, top, detail, sitemap", async () => {
    const everything = await list("");
    expect(everything.items.map((item) => item._id)).not.toContain(hiddenId);
    expect(everything.items).toHaveLength(2);
    expect((await list("keyword=Hidden")).items).toEqual([]);
    expect((await list("keyword=шиномонтаж")).items.map((item) => item._id)).toEqual([importedId]);
    const map = await (await getLocations(makeRequest("/api/items/locations"))).json();
    expect(map.total).toBe(2);
    expect(map.services.map((service: Item) => service._id)).not.toContain(hiddenId);
    const top = await (await getTop(makeRequest("/api/items/top"))).json();
    expect(top.map((item: Item) => item._id)).not.toContain(hiddenId);
    expect((await getItem(makeRequest(`/api/items/${hiddenId}`), params({ id: hiddenId }))).status).toBe(404);
    const urls = (await sitemapUrls(0))!.map((entry) => entry.url).join("\n");
    expect(urls).toContain(importedId);
    expect(urls).not.toContain(hiddenId);
  });
});

describe("open now and keyword search", () => {
  it("unknown hours are never open now", async () => {
    const { items } = await list(
      `keyword=Vulcan&open=true&userDateTime=${encodeURIComponent("2026-11-24T11:00:00+02:00")}`,
    );
    expect(items.map((item) => item.name)).toEqual(["Vulcan Claimed"]);
  });

  it.each(["tyres", "Tire", "шини", "шиномонтаж", "Вулканізація", "shynomontazh"])(
    "%s finds places whose kinds of work include tyres",
    async (keyword) => {
      const { items } = await list(`keyword=${encodeURIComponent(keyword)}`);
      expect(items.map((item) => item._id)).toEqual([importedId]);
    },
  );

  it("a word that only contains a tyre word inside (машини: cars) does not", async () => {
    expect((await list(`keyword=${encodeURIComponent("машини")}`)).items).toEqual([]);
  });
});
