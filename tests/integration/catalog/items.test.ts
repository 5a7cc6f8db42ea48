import { beforeAll, describe, expect, it } from "vitest";

import { GET as getItem } from "@/app/api/items/[id]/route";
import { GET as getLocations } from "@/app/api/items/locations/route";
import { GET as listItems } from "@/app/api/items/route";
import { GET as getTop } from "@/app/api/items/top/route";
import { GET as getUpload } from "@/app/api/uploads/[id]/route";
import { mapCenter } from "@/components/map/map-center";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { openingStatus, timetableToRows } from "@/features/hours/timetable";
import { clusterCellDegrees, MAP_SERVICES_MAX, WHOLE_WORLD } from "@/features/map/viewport";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";
import { encodePng } from "@/lib/png";

import { makeService, makeUser } from "../../helpers/factories";
import { makeRequest, params } from "../../helpers/request";

let publishedId = "";
let unpaidId = "";
let imageId = "";

beforeAll(async () => {
  const prisma = await getPrisma();
  const png = encodePng(2, 2, () => [1, 2, 3]);
  imageId = (
    await prisma.image.create({
      data: { bytes: new Uint8Array(png), contentType: "image/png", size: png.length, sha256: "f".repeat(64) },
    })
  ).id;
  publishedId = (await makeService({ name: "Published", ratings: { ratingAvg: 4, numReviews: 3 } })).id;
  await prisma.service.update({ where: { id: publishedId }, data: { imageId } });
  catalogChanged();
  unpaidId = (await makeService({ name: "Unpaid", isPaid: false })).id;
});

describe("GET /api/items", () => {
  it("answers { items, page, pages } with published services", async () => {
    const response = await listItems(makeRequest("/api/items?filter=null&keyword="));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["items", "page", "pages"]);
    expect(body.items.map((i: { name: string }) => i.name)).toEqual(["Published"]);
    expect(body.items[0]).toMatchObject({
      _id: publishedId,
      role: "sto",
      image: `/api/uploads/${imageId}`,
      rating: { avg: 4 },
      numReviews: 3,
    });
  });

  it.each([
    ["page=-1", "page"],
    ["sort=foo", "sort"],
    ["near=abc", "near"],
    ["userDateTime=garbage&open=true", "userDateTime"],
    ["filter=bus", "filter"],
    ["onthego=1", "onthego"],
  ])("refuses %s with 400 and a translated message", async (query, field) => {
    const response = await listItems(makeRequest(`/api/items?${query}`));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.key).toBe("Api.badRequest");
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.message).toBe(body.errors[field].message);
    expect(body.message).not.toMatch(/^Validation\./);
  });

  it("answers errors in Ukrainian for Ukrainian callers", async () => {
    const byHeader = await (
      await listItems(makeRequest("/api/items?sort=foo", { headers: { "accept-language": "uk-UA,uk;q=0.9" } }))
    ).json();
    expect(byHeader.message).toBe("Невідомий порядок сортування.");
    const byCookie = await (
      await listItems(makeRequest("/api/items?sort=foo", { headers: { cookie: "NEXT_LOCALE=uk" } }))
    ).json();
    expect(byCookie.message).toBe("Невідомий порядок сортування.");
    const byQuery = await (await listItems(makeRequest("/api/items?sort=foo&lng=ua"))).json();
    expect(byQuery.message).toBe("Невідомий порядок сортування.");
  });
});

describe("opening status", () => {
  const CARD_FIELDS = [
    "_id",
    "name",
    "role",
    "image",
    "address",
    "coordinates",
    "isOnTheGo",
    "category",
    "brand",
    "rating",
    "numReviews",
    "openNow",
    "contactPhone1",
    "source",
    "claimed",
    "hoursKnown",
    "hoursText",
    "workKinds",
    "responseTime",
    "responseRate",
  ];
  const at = (userDateTime: string) =>
    listItems(makeRequest(`/api/items?keyword=Published&userDateTime=${encodeURIComponent(userDateTime)}`)).then(
      (response) => response.json(),
    );

  it("each item of GET /api/items says whether it is open and when that next changes, at the caller's instant", async () => {
    const afternoon = (await at("2026-11-23T17:40:00+02:00")).items[0];
    expect(Object.keys(afternoon)).toEqual(expect.arrayContaining(CARD_FIELDS));
    expect(afternoon).toMatchObject({
      openNow: true,
      nextChange: { at: "2026-11-23T16:00:00.000Z", opens: false },
      timeZone: "Europe/Kyiv",
    });
    // Friday evening: the weekend is closed (the default hours), so Monday 09:00 Kyiv time.
    expect((await at("2026-11-27T19:00:00+02:00")).items[0]).toMatchObject({
      openNow: false,
      nextChange: { at: "2026-11-30T07:00:00.000Z", opens: true },
    });
    // Across the spring DST change: Saturday in winter time, Monday's opening in summer time.
    expect((await at("2026-03-28T12:00:00+02:00")).items[0]).toMatchObject({
      openNow: false,
      nextChange: { at: "2026-03-30T06:00:00.000Z", opens: true },
    });
  });

  it("GET /api/items/{id} and /api/items/top say the same as the rule in features/hours/timetable.ts now", async () => {
    const rows = timetableToRows(DEFAULT_TIMETABLE);
    const before = openingStatus(rows, "Europe/Kyiv", new Date());
    const detail = await (await getItem(makeRequest(`/api/items/${publishedId}`), params({ id: publishedId }))).json();
    const [top] = await (await getTop(makeRequest("/api/items/top"))).json();
    const after = openingStatus(rows, "Europe/Kyiv", new Date());
    for (const body of [detail, top]) {
      expect(Object.keys(body)).toEqual(expect.arrayContaining(CARD_FIELDS));
      expect([before, after]).toContainEqual({ openNow: body.openNow, nextChange: body.nextChange });
      expect(body.nextChange.opens).toBe(!body.openNow);
    }
  });
});

describe("GET /api/items/{id}", () => {
  it("returns a published service", async () => {
    const response = await getItem(makeRequest(`/api/items/${publishedId}`), params({ id: publishedId }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _id: publishedId, name: "Published", reviews: [] });
  });

  it("is 404 for unknown or unpublished ids and 400 for malformed ones", async () => {
    expect((await getItem(makeRequest(`/api/items/${unpaidId}`), params({ id: unpaidId }))).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await getItem(makeRequest(`/api/items/${unknown}`), params({ id: unknown }))).status).toBe(404);
    const bad = await getItem(makeRequest("/api/items/1;drop"), params({ id: "1;drop" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.id.key).toBe("Validation.id");
  });
});

describe("map and top", () => {
  it("GET /api/items/locations lists what the map needs", async () => {
    const body = await (await getLocations(makeRequest("/api/items/locations"))).json();
    expect(body.services).toEqual([
      expect.objectContaining({ _id: publishedId, coordinates: { lat: 49.23, lng: 28.47 }, rating: { avg: 4 } }),
    ]);
    expect(body.clusters).toEqual([]);
    const outside = await (await getLocations(makeRequest("/api/items/locations?bbox=30,50,31,51&zoom=10"))).json();
    expect(outside).toEqual({ services: [], clusters: [], total: 0 });
  });

  it(`GET /api/items/locations answers up to ${MAP_SERVICES_MAX} services in view one by one, the map's centre their average; one more and it clusters`, async () => {
    const prisma = await getPrisma();
    const owner = await makeUser();
    const addServices = (
      from: number,
      to: number,
    ) => prisma.$executeRaw`INSERT INTO services (id, role, "ownerId", name, "contactMail", latitude, longitude, address, "isPaid", "ratingAvg", "updatedAt")
      SELECT gen_random_uuid(), 'sto', ${owner.id}::uuid, 'Spread ' || g, 's@test.local', 44 + (g % 20) * 0.1, 33 + (g / 20) * 0.1, 'Address ' || g, true, 3.5, now()
      FROM generate_series(${from}::int, ${to}::int) g`;
    // With the one published in beforeAll, exactly MAP_SERVICES_MAX; the unpaid one never counts.
    await addServices(2, MAP_SERVICES_MAX);
    catalogChanged();
    const whole = await (await getLocations(makeRequest("/api/items/locations"))).json();
    expect(whole.total).toBe(MAP_SERVICES_MAX);
    expect(whole.clusters).toEqual([]);
    expect(whole.services).toHaveLength(MAP_SERVICES_MAX);
    expect(whole.services).toContainEqual(
      expect.objectContaining({
        _id: publishedId,
        name: "Published",
        role: "sto",
        coordinates: { lat: 49.23, lng: 28.47 },
        rating: { avg: 4 },
        address: expect.any(String),
      }),
    );
    expect(whole.services.some((service: { _id: string }) => service._id === unpaidId)).toBe(false);
    const [average] = await prisma.$queryRaw<
      { lat: number; lng: number }[]
    >`SELECT avg(latitude)::float8 AS lat, avg(longitude)::float8 AS lng FROM services WHERE "isPaid" AND NOT "isBlocked"`;
    const center = mapCenter(
      whole.services.map((service: { coordinates: { lat: number; lng: number } }) => service.coordinates),
    );
    expect(center.lat).toBeCloseTo(average!.lat, 9);
    expect(center.lng).toBeCloseTo(average!.lng, 9);
    // A view answers what is in it, one by one too.
    const view = await (
      await getLocations(makeRequest("/api/items/locations?bbox=32.95,43.95,33.55,46&zoom=8"))
    ).json();
    expect(view.clusters).toEqual([]);
    expect(view.total).toBeGreaterThan(50);
    expect(view.total).toBeLessThan(MAP_SERVICES_MAX);
    expect(view.services.length).toBe(view.total);
    expect(view.services.every((service: { coordinates: { lng: number } }) => service.coordinates.lng <= 33.55)).toBe(
      true,
    );

    await addServices(MAP_SERVICES_MAX + 1, MAP_SERVICES_MAX + 1);
    catalogChanged();
    const crowded = await (await getLocations(makeRequest("/api/items/locations"))).json();
    expect(crowded.total).toBe(MAP_SERVICES_MAX + 1);
    expect(crowded.clusters.length).toBeGreaterThan(0);
    const shown =
      crowded.services.length +
      crowded.clusters.reduce((sum: number, cluster: { count: number }) => sum + cluster.count, 0);
    expect(shown).toBe(MAP_SERVICES_MAX + 1);
    // Weighted by their counts, the clusters still centre the map on the services' average, within a cell.
    const weighted = mapCenter([
      ...crowded.services.map((service: { coordinates: { lat: number; lng: number } }) => service.coordinates),
      ...crowded.clusters,
    ]);
    expect(Math.abs(weighted.lat - center.lat)).toBeLessThan(clusterCellDegrees(WHOLE_WORLD.zoom));
    expect(Math.abs(weighted.lng - center.lng)).toBeLessThan(clusterCellDegrees(WHOLE_WORLD.zoom));
    await prisma.service.deleteMany({ where: { ownerId: owner.id } });
    catalogChanged();
  });

  it("GET /api/items/locations answers counted clusters, not rows, where services crowd", async () => {
    const prisma = await getPrisma();
    const owner = await makeUser();
    // 450 published services in two groups far apart, several on each of 35 spots.
    await prisma.$executeRaw`INSERT INTO services (id, role, "ownerId", name, "contactMail", latitude, longitude, address, "isPaid", "updatedAt")
      SELECT gen_random_uuid(), 'sto', ${owner.id}::uuid, 'Cluster ' || g, 'c@test.local', CASE WHEN g % 2 = 0 THEN 49.80 ELSE 48.60 END + (g % 10) * 0.001, 24.0 + (g % 7) * 0.001, 'Lviv', true, now()
      FROM generate_series(1, 450) g`;
    catalogChanged();
    const response = await getLocations(makeRequest("/api/items/locations?bbox=23,48,25,50&zoom=6"));
    const body = await response.json();
    expect(body.services).toEqual([]);
    expect(body.clusters).toHaveLength(2);
    expect(body.total).toBe(450);
    expect(body.clusters.map((cluster: { count: number }) => cluster.count).sort()).toEqual([225, 225]);
    // Zoomed in, the 225 services of the first group stand on 35 spots: never a pin under a pin.
    const zoomedIn = await (
      await getLocations(makeRequest("/api/items/locations?bbox=23.9,49.7,24.1,49.9&zoom=19"))
    ).json();
    expect(zoomedIn.total).toBe(225);
    expect(zoomedIn.services.length + zoomedIn.clusters.length).toBe(35);
    await prisma.service.deleteMany({ where: { ownerId: owner.id } });
    catalogChanged();
  });

  it.each([
    "bbox=1,2,3&zoom=5",
    "bbox=0,0,1,1",
    "bbox=a,b,c,d&zoom=5",
    "bbox=0,0,1,1&zoom=25",
    "bbox=10,0,1,1&zoom=3",
    "bbox=0,-91,1,1&zoom=3",
  ])("GET /api/items/locations?%s is a 400", async (query) => {
    const response = await getLocations(makeRequest(`/api/items/locations?${query}`));
    expect(response.status).toBe(400);
    expect((await response.json()).errors.bbox.key).toBe("Validation.viewport");
  });

  it("GET /api/items/top is an array of well-reviewed services", async () => {
    const body = await (await getTop(makeRequest("/api/items/top"))).json();
    expect(body.map((s: { _id: string }) => s._id)).toEqual([publishedId]);
  });
});

describe("GET /api/uploads/{id}", () => {
  it("serves stored image bytes with an immutable cache", async () => {
    const response = await getUpload(makeRequest(`/api/uploads/${imageId}`), params({ id: imageId }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  it("is 404 for unknown and malformed ids", async () => {
    expect((await getUpload(makeRequest("/api/uploads/x"), params({ id: "x" }))).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await getUpload(makeRequest(`/api/uploads/${unknown}`), params({ id: unknown }))).status).toBe(404);
  });
});
