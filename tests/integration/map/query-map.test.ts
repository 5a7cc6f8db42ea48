import { beforeAll, describe, expect, it } from "vitest";

import { GET as getLocations } from "@/app/api/items/locations/route";
import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { parseItemsQuery } from "@/features/catalog/items-query";
import { listServices } from "@/features/catalog/server/list";
import { listServiceLocations } from "@/features/map/server/map";
import { rebuildMapCells } from "@/features/map/server/map-grid";
import { MAP_SERVICES_MAX, MAX_MAP_POINTS, WHOLE_WORLD } from "@/features/map/viewport";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { makeRequest } from "../../helpers/request";

/**
 * The list's map shows the list's question, not its page: GET /api/items/locations takes the
 * list's parameters and answers exactly the services the list finds (over all its pages), grouped
 * by the same grid, with the bounds of all of them when asked (`fit=1`).
 */

/** Tuesday 10:00 in Kyiv: weekday hours are open, night hours closed. */
const USER_DATE_TIME = "2026-11-24T08:00:00.000Z";
const NIGHT: Timetable = Object.fromEntries(
  Object.keys(DEFAULT_TIMETABLE).map((day) => [day, { closed: false, opening: "20:00", closing: "02:00" }]),
) as Timetable;
/** More than the map answers one by one, all matching "crowd", spread over Lviv. */
const CROWD = MAP_SERVICES_MAX + 30;

type Located = { _id: string; coordinates: { lat: number; lng: number } };
type Answer = {
  services: Located[];
  clusters: { lat: number; lng: number; count: number }[];
  total: number;
  bounds?: { south: number; west: number; north: number; east: number } | null;
};

async function ask(search: string): Promise<{ status: number; body: Answer & Record<string, unknown> }> {
  const response = await getLocations(makeRequest(`/api/items/locations?${search}`));
  return { status: response.status, body: await response.json() };
}

/** Every service the list finds for the question, over all its pages. */
async function listed(search: string): Promise<Located[]> {
  const parsed = parseItemsQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const found: Located[] = [];
  for (let page = 1; ; page++) {
    const answer = await listServices({ ...parsed.query, page });
    found.push(...answer.items);
    if (page >= answer.pages) return found;
  }
}

const ids = (services: Located[]) => services.map((service) => service._id).sort();

beforeAll(async () => {
  const prisma = await getPrisma();
  // Owners who never sign in: no password to hash.
  const owner = async (n: number) =>
    (
      await prisma.user.create({
        data: {
          name: `Owner ${n}`,
          email: `qm-${n}@test.local`,
          emailNormalized: `qm-${n}@test.local`,
          passwordHash: "x",
        },
      })
    ).id;
  for (let i = 0; i < 24; i++) {
    const inKyiv = i % 3 !== 2;
    const service = await makeService({
      name: `${i % 4 === 0 ? "Шиномонтаж" : "Garage"} ${i}`,
      role: i % 2 ? "mechanic" : "sto",
      ownerId: await owner(i),
      isOnTheGo: i % 5 === 1,
      lat: inKyiv ? 50.38 + (i % 6) * 0.03 : 49.2 + (i % 4) * 0.05,
      lng: inKyiv ? 30.4 + (i % 7) * 0.04 : 28.4 + (i % 3) * 0.05,
      address: inKyiv ? `вул. Хрещатик, ${i}, Київ` : `вул. Соборна, ${i}, Вінниця`,
      timetable: i % 4 === 3 ? NIGHT : DEFAULT_TIMETABLE,
    });
    if (i % 3 !== 1) {
      await prisma.service.update({ where: { id: service.id }, data: { pricesUpdatedAt: new Date() } });
      await prisma.servicePrice.create({
        data: { serviceId: service.id, job: i % 2 ? "tyre_r15" : "oil_change", fromUah: 300 + i * 10, position: 0 },
      });
    }
  }
  // Never on any map.
  await makeService({ name: "Garage Unpaid", isPaid: false, ownerId: await owner(100), address: "Київ" });
  await makeService({ name: "Garage Blocked", isBlocked: true, ownerId: await owner(101), address: "Київ" });
  const crowdOwner = await owner(200);
  await prisma.$executeRaw`INSERT INTO services (id, role, "ownerId", name, "contactMail", latitude, longitude, address, "isPaid", "updatedAt")
    SELECT gen_random_uuid(), 'sto', ${crowdOwner}::uuid, 'Crowd ' || g, 'c@test.local', 49.75 + (g % 20) * 0.01, 23.9 + (g / 20) * 0.02,
      'вул. Городоцька, ' || g || ', Львів', true, now()
    FROM generate_series(1, ${CROWD}::int) g`;
  await rebuildMapCells();
  catalogChanged();
}, 120_000);

describe("the map of the list's question", () => {
  const QUESTIONS = [
    "keyword=Київ",
    "keyword=шиномонтаж",
    "filter=mechanic",
    "filter=sto&keyword=garage",
    "onthego=true",
    "prices=true",
    "job=tyre_r15",
    `open=true&userDateTime=${USER_DATE_TIME}`,
    `keyword=Київ&open=true&filter=sto&userDateTime=${USER_DATE_TIME}`,
    "keyword=nothing-like-this",
  ];

  it.each(QUESTIONS)("answers exactly the services the list finds for %s", async (search) => {
    const expected = await listed(search);
    const { status, body } = await ask(search);
    expect(status).toBe(200);
    expect(body.clusters).toEqual([]);
    expect(ids(body.services)).toEqual(ids(expected));
    expect(body.total).toBe(expected.length);
    expect(body).not.toHaveProperty("bounds");
  });

  it("questions differ from the unfiltered map and from each other in the same view (kept apart)", async () => {
    const view = "bbox=30,50,31,51&zoom=10";
    const all = await ask(view);
    const mechanics = await ask(`${view}&filter=mechanic`);
    const stations = await ask(`${view}&filter=sto`);
    expect(all.body.total).toBe(mechanics.body.total + stations.body.total);
    expect(mechanics.body.total).toBeGreaterThan(0);
    expect(stations.body.total).toBeGreaterThan(0);
    // The page, its sort and the point asked near do not change which services match.
    expect((await ask(`${view}&filter=mechanic&page=3&sort=rating.desc&near=50.45,30.52`)).body).toEqual(
      mechanics.body,
    );
  });

  it("a question with more matches than answered one by one is grouped by the grid, counting only its matches", async () => {
    const expected = await listed("keyword=crowd");
    expect(expected).toHaveLength(CROWD);
    // The kept cells count every published service: a question must not read them.
    const { body } = await ask("keyword=crowd");
    expect(body.clusters.length).toBeGreaterThan(0);
    expect(body.services.length).toBeLessThanOrEqual(MAX_MAP_POINTS);
    expect(body.total).toBe(CROWD);
    expect(body.services.length + body.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(CROWD);
    const crowd = new Set(ids(expected));
    expect(body.services.every((service) => crowd.has(service._id))).toBe(true);
    // Zoomed in on part of them, one by one again, exactly those in view.
    const view = { west: 23.9, south: 49.75, east: 24.0, north: 49.8 };
    const zoomed = await ask(`keyword=crowd&bbox=${view.west},${view.south},${view.east},${view.north}&zoom=14`);
    const inView = expected.filter(
      ({ coordinates: { lat, lng } }) => lat >= view.south && lat <= view.north && lng >= view.west && lng <= view.east,
    );
    expect(zoomed.body.clusters).toEqual([]);
    expect(ids(zoomed.body.services)).toEqual(ids(inView));
    // At a zoom the kept cells hold, still only the question's matches.
    const wide = await ask("keyword=crowd&bbox=22,44,41,53&zoom=6");
    expect(wide.body.total).toBe(CROWD);
  });

  it("fit=1 adds the bounds of every match, wherever the view is", async () => {
    const expected = await listed("keyword=Київ");
    const lats = expected.map((service) => service.coordinates.lat);
    const lngs = expected.map((service) => service.coordinates.lng);
    const { body } = await ask("keyword=Київ&fit=1&bbox=0,0,1,1&zoom=12");
    expect(body.total).toBe(0);
    expect(body.bounds).toEqual({
      south: Math.min(...lats),
      west: Math.min(...lngs),
      north: Math.max(...lats),
      east: Math.max(...lngs),
    });
    expect((await ask("keyword=nothing-like-this&fit=1")).body).toEqual({
      services: [],
      clusters: [],
      total: 0,
      bounds: null,
    });
    const crowd = await ask("keyword=crowd&fit=1");
    // SQL's g / 20 is an integer division: the easternmost column is the 11th step.
    expect(crowd.body.bounds).toEqual({ south: 49.75, west: 23.9, north: 49.94, east: 24.12 });
  });

  it.each([
    ["filter=car", "filter", "Validation.filter"],
    ["job=unicycle_fix", "job", "Prices.invalidJob"],
    ["open=maybe", "open", "Validation.flag"],
    ["userDateTime=yesterday", "userDateTime", "Validation.userDateTime"],
    ["fit=yes", "fit", "Validation.flag"],
    ["keyword=Київ&bbox=abc&zoom=3", "bbox", "Validation.viewport"],
  ])("refuses %s with the list's translated 400", async (search, field, key) => {
    const response = await getLocations(makeRequest(`/api/items/locations?${search}`));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).not.toMatch(/^[A-Z]\w+\./);
    expect(body.errors[field].key).toBe(key);
    expect(body.errors[field].message).not.toBe(key);
  });

  it("without a filter answers as before: the kept cells, whatever page, sort or point the list is on", async () => {
    for (const view of [
      WHOLE_WORLD,
      { west: 22, south: 44, east: 41, north: 53, zoom: 6 },
      { west: 30, south: 50, east: 31, north: 51, zoom: 10 },
    ]) {
      const bbox = `bbox=${view.west},${view.south},${view.east},${view.north}&zoom=${view.zoom}`;
      const before = JSON.parse(JSON.stringify(await listServiceLocations(view)));
      expect((await ask(bbox)).body).toEqual(before);
      expect((await ask(`${bbox}&near=50.45,30.52&sort=rating.desc&page=2`)).body).toEqual(before);
    }
    expect((await ask("")).body.total).toBe(24 + CROWD);
  });
});
