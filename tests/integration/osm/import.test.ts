import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { ImportRefusedError } from "@/features/osm/server/import-run";
import { importOverpass } from "@/features/osm/server/run";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeService, makeUser } from "../../helpers/factories";
import { answer, node } from "./helpers";

const run = (body: unknown) => importOverpass(body, { trigger: "cli", origin: "test.json", geocode: 0 });

async function placeOf(id: number, type: "node" | "way" | "relation" = "node") {
  const prisma = await getPrisma();
  return prisma.osmPlace.findUnique({
    where: { osmType_osmId: { osmType: type, osmId: BigInt(id) } },
    include: { service: { include: { openingHours: { orderBy: { weekday: "asc" } } } } },
  });
}

/** Every row the import may write, as it stands: a later run that changes nothing leaves it equal. */
async function snapshot() {
  const prisma = await getPrisma();
  const [places, services, hours] = await Promise.all([
    prisma.osmPlace.findMany({ orderBy: { id: "asc" } }),
    prisma.service.findMany({ where: { source: "osm" }, orderBy: { id: "asc" } }),
    prisma.openingHours.findMany({ orderBy: { id: "asc" } }),
  ]);
  return { places, services, hours };
}

beforeAll(() => setEnv({ OSM_GEOCODE_PER_RUN: "0" }));

// Each test imports its own answers: what an earlier test imported would be "missing" from them.
beforeEach(async () => {
  const prisma = await getPrisma();
  await prisma.$executeRawUnsafe(`DELETE FROM osm_places`);
  await prisma.$executeRawUnsafe(`DELETE FROM services WHERE source = 'osm'`);
});

describe("importing a saved Overpass answer", () => {
  it("makes a place and an unclaimed listing of each service element, with every mapped field", async () => {
    const full = node(
      1001,
      {
        "name:uk": "Шиномонтаж Колесо",
        name: "Koleso",
        shop: "tyres",
        "addr:street": "вулиця Хрещатик",
        "addr:housenumber": "22",
        "addr:city": "Київ",
        phone: "+380 44 123 4567; 067 123 45 67",
        website: "https://koleso.example.ua",
        email: "Info@Koleso.example.ua",
        "service:vehicle:truck": "yes",
        opening_hours: "Mo-Fr 08:00-19:00; Sa 09:00-15:00",
      },
      50.4501,
      30.5234,
    );
    const unknownHours = node(1002, { opening_hours: "Mo-Fr 09:00-18:00; PH off", "addr:city": "Львів" }, 49.84, 24.03);
    const way = {
      type: "way",
      id: 2001,
      center: { lat: 46.48, lon: 30.72 },
      tags: { craft: "car_repair", name: "Way СТО" },
    };
    const skipped = [
      { type: "node", id: 3001, lat: 50, lon: 30, tags: { shop: "car_repair" } },
      { type: "node", id: 3002, lat: 50, lon: 30, tags: { amenity: "cafe", name: "Кава" } },
      { type: "node", id: 3003, tags: { shop: "car_repair", name: "Nowhere" } },
      "not an element",
    ];

    const result = await run(answer(full, unknownHours, way, ...skipped));
    expect(result).toMatchObject({ elements: 7, added: 3, updated: 0, unchanged: 0, hidden: 0, linked: 0, skipped: 4 });

    const tyres = await placeOf(1001);
    expect(tyres?.tags).toEqual(full.tags);
    expect([tyres?.latitude, tyres?.longitude]).toEqual([50.4501, 30.5234]);
    expect(tyres?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tyres?.service).toMatchObject({
      role: "sto",
      source: "osm",
      claimed: false,
      ownerId: null,
      isPaid: false,
      hiddenAt: null,
      name: "Шиномонтаж Колесо",
      address: "вул. Хрещатик, 22, Київ",
      contactPhone1: "+380441234567",
      contactPhone2: "+380671234567",
      website: "https://koleso.example.ua",
      contactMail: "info@koleso.example.ua",
      category: "trucks",
      workKinds: ["tyres"],
      hoursKnown: true,
      hoursText: "Mo-Fr 08:00-19:00; Sa 09:00-15:00",
      latitude: 50.4501,
      longitude: 30.5234,
      timeZone: "Europe/Kyiv",
    });
    expect(
      tyres?.service?.openingHours.map(({ weekday, closed, opensAt, closesAt }) => [
        weekday,
        closed,
        opensAt,
        closesAt,
      ]),
    ).toEqual([
      [1, false, 480, 1140],
      [2, false, 480, 1140],
      [3, false, 480, 1140],
      [4, false, 480, 1140],
      [5, false, 480, 1140],
      [6, false, 540, 900],
      [7, true, expect.any(Number), expect.any(Number)],
    ]);

    const lviv = await placeOf(1002);
    expect(lviv?.service).toMatchObject({
      hoursKnown: false,
      hoursText: "Mo-Fr 09:00-18:00; PH off",
      contactMail: "",
      // No street: the city until an address is looked up.
      address: "Львів",
      category: "any",
      workKinds: [],
    });
    expect(lviv?.service?.openingHours).toEqual([]);

    const odesa = await placeOf(2001, "way");
    // Neither street nor city: the coordinates, as the geocoder itself writes them offline.
    expect(odesa?.service?.address).toBe("46.480000, 30.720000");

    const prisma = await getPrisma();
    const lastRun = await prisma.osmImportRun.findUnique({ where: { id: result.runId } });
    expect(lastRun).toMatchObject({
      status: "succeeded",
      trigger: "cli",
      origin: "test.json",
      added: 3,
      skipped: 4,
      error: null,
    });
    expect(lastRun?.finishedAt).toBeInstanceOf(Date);
  });

  it("changes nothing when the same answer comes again, and says every place is unchanged", async () => {
    const body = answer(node(1101), node(1102, { opening_hours: "Mo-Su 08:00-20:00" }));
    await run(body);
    const before = await snapshot();
    const again = await run(body);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 2, hidden: 0, restored: 0, linked: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("updates a changed place and its unclaimed listing, hours included", async () => {
    await run(answer(node(1201, { opening_hours: "Mo-Fr 09:00-18:00", phone: "0441112233" })));
    const result = await run(answer(node(1201, { name: "Нова назва", opening_hours: "by appointment" })));
    expect(result).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    const place = await placeOf(1201);
    expect(place?.tags).toMatchObject({ name: "Нова назва" });
    expect(place?.service).toMatchObject({
      name: "Нова назва",
      contactPhone1: "",
      hoursKnown: false,
      hoursText: "by appointment",
    });
    expect(place?.service?.openingHours).toEqual([]);
  });

  it("leaves a claimed listing to its owner when OpenStreetMap changes later, updating only the layer", async () => {
    await run(answer(node(1301, { name: "Було" })));
    const owner = await makeUser();
    const prisma = await getPrisma();
    const before = await placeOf(1301);
    await prisma.service.update({
      where: { id: before!.serviceId! },
      data: { ownerId: owner.id, claimed: true, claimedAt: new Date(), isPaid: true, name: "Власна назва" },
    });
    const result = await run(answer(node(1301, { name: "Стало", opening_hours: "Mo-Fr 10:00-11:00" }, 50.46, 30.53)));
    expect(result.updated).toBe(1);
    const after = await placeOf(1301);
    expect(after?.tags).toMatchObject({ name: "Стало" });
    expect(after?.latitude).toBe(50.46);
    expect(after?.service).toMatchObject({ name: "Власна назва", ownerId: owner.id, claimed: true, latitude: 50.45 });
    expect(after?.service?.openingHours).toHaveLength(before!.service!.openingHours.length);
  });
});

describe("places OpenStreetMap stops listing", () => {
  it("are hidden after two missed runs (not one), never deleted, reviews kept, and shown again when back", async () => {
    const prisma = await getPrisma();
    const keep = node(1401);
    const gone = node(1402);
    await run(answer(keep, gone));
    const place = await placeOf(1402);
    const reviewer = await makeUser();
    await prisma.review.create({
      data: {
        userId: reviewer.id,
        serviceId: place!.serviceId!,
        quality: 4,
        speed: 4,
        price: 4,
        avg: 4,
        comment: "Добре",
      },
    });

    const first = await run(answer(keep));
    expect(first.hidden).toBe(0);
    expect(await placeOf(1402)).toMatchObject({ missedRuns: 1, hiddenAt: null, service: { hiddenAt: null } });

    const second = await run(answer(keep));
    expect(second.hidden).toBe(1);
    const hidden = await placeOf(1402);
    expect(hidden?.missedRuns).toBe(2);
    expect(hidden?.hiddenAt).toBeInstanceOf(Date);
    expect(hidden?.service?.hiddenAt).toBeInstanceOf(Date);
    expect(await prisma.review.count({ where: { serviceId: place!.serviceId! } })).toBe(1);

    // A third missing run writes nothing more.
    const third = await run(answer(keep));
    expect(third.hidden).toBe(0);
    expect((await placeOf(1402))?.updatedAt).toEqual(hidden?.updatedAt);

    const back = await run(answer(keep, gone));
    expect(back).toMatchObject({ restored: 1, unchanged: 2, added: 0 });
    expect(await placeOf(1402)).toMatchObject({ missedRuns: 0, hiddenAt: null, service: { hiddenAt: null } });
    expect(await prisma.review.count({ where: { serviceId: place!.serviceId! } })).toBe(1);
  });
});

describe("an answer that lists a small part of the places shown", () => {
  const many = (count: number, from = 2101) => Array.from({ length: count }, (_, n) => node(from + n));

  it("is refused at any size: nothing hidden or changed, the run recorded as refused with what it was held against", async () => {
    const prisma = await getPrisma();
    await run(answer(...many(30)));
    const before = await snapshot();

    // Twice in a row: a truncated answer repeated must not count as two missed runs either.
    for (const attempt of [1, 2]) {
      const refused = run(answer(...many(4)));
      await expect(refused, `attempt ${attempt}`).rejects.toBeInstanceOf(ImportRefusedError);
      await expect(refused).rejects.toThrow(/4 places, under half of the 30/);
    }
    expect(await snapshot()).toEqual(before);
    const runs = await prisma.osmImportRun.findMany({ orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 2 });
    for (const row of runs)
      expect(row).toMatchObject({ status: "refused", elements: 4, seenBefore: 30, hidden: 0, added: 0 });
    expect(runs[0]?.finishedAt).toBeInstanceOf(Date);
    expect(runs[0]?.error).toMatch(/under half/);
  });

  it("still hides places that really closed: a smaller answer above the threshold hides them after two runs", async () => {
    await run(answer(...many(30)));
    // Three of thirty closed; and a run of exactly half is no sliver either.
    expect(await run(answer(...many(27)))).toMatchObject({ hidden: 0, unchanged: 27 });
    expect(await run(answer(...many(27)))).toMatchObject({ hidden: 3 });
    for (const id of [2128, 2129, 2130]) expect((await placeOf(id))?.service?.hiddenAt).toBeInstanceOf(Date);
    expect((await placeOf(2101))?.service?.hiddenAt).toBeNull();
    const prisma = await getPrisma();
    const last = await prisma.osmImportRun.findFirst({ orderBy: [{ startedAt: "desc" }, { id: "desc" }] });
    expect(last).toMatchObject({ status: "succeeded", seenBefore: 30 });
    // 27 shown now: 14 of them is half and is applied, 13 would be refused.
    expect(await run(answer(...many(14)))).toMatchObject({ hidden: 0, unchanged: 14 });
  });
});

describe("duplicates of owners' listings", () => {
  it("links a place near an owner's published listing with a similar name: no second visible listing", async () => {
    const station = await makeService({ name: "Автосервіс Мотор", lat: 48.5, lng: 35.0 });
    // About 30 m north, name contained in the owner's; a namesake 2 km away is a place of its own.
    const result = await run(
      answer(
        node(1501, { name: "Мотор" }, 48.50027, 35.0),
        node(1502, { name: "Автосервіс Мотор" }, 48.518, 35.0),
        node(1503, { name: "Зовсім інше" }, 48.5001, 35.0),
      ),
    );
    expect(result.linked).toBe(1);
    expect(await placeOf(1501)).toMatchObject({ duplicateOfId: station.id, serviceId: null, linkDecision: null });
    expect(await placeOf(1502)).toMatchObject({ duplicateOfId: null, service: { hiddenAt: null } });
    expect(await placeOf(1503)).toMatchObject({ duplicateOfId: null, service: { hiddenAt: null } });
    const prisma = await getPrisma();
    expect(await prisma.service.count({ where: { name: "Мотор" } })).toBe(0);
  });

  it("hides the listing a place already had when it changes and is then found to duplicate one", async () => {
    await run(answer(node(1601, { name: "Гараж Ромашка" }, 47.9, 33.4)));
    const before = await placeOf(1601);
    await makeService({ name: "Ромашка", lat: 47.9002, lng: 33.4 });
    const result = await run(answer(node(1601, { name: "Гараж Ромашка", phone: "0501234567" }, 47.9, 33.4)));
    expect(result).toMatchObject({ updated: 1, linked: 1 });
    const after = await placeOf(1601);
    expect(after?.serviceId).toBe(before?.serviceId);
    expect(after?.service?.hiddenAt).toBeInstanceOf(Date);
  });

  it('does not take a short name inside another for the same place ("СТО" beside "Автостоп")', async () => {
    await makeService({ name: "Автостоп", lat: 50.0, lng: 36.23 });
    const result = await run(answer(node(1801, { name: "СТО" }, 50.0002, 36.23)));
    expect(result.linked).toBe(0);
    expect(await placeOf(1801)).toMatchObject({ duplicateOfId: null, service: { hiddenAt: null } });
  });

  it("links an unchanged place to a listing its owner published after the place was imported", async () => {
    await run(answer(node(1701, { name: "Шиномонтаж Колесо" }, 46.48, 30.73)));
    await makeService({ name: "Колесо", lat: 46.4802, lng: 30.73 });
    const result = await run(answer(node(1701, { name: "Шиномонтаж Колесо" }, 46.48, 30.73)));
    expect(result).toMatchObject({ linked: 1 });
    expect((await placeOf(1701))?.service?.hiddenAt).toBeInstanceOf(Date);
    // Linked once: the same answer again changes nothing.
    expect(await run(answer(node(1701, { name: "Шиномонтаж Колесо" }, 46.48, 30.73)))).toMatchObject({
      unchanged: 1,
      updated: 0,
      linked: 0,
    });
  });
});

describe("a listing deleted by an admin or its owner", () => {
  it("is not made again when OpenStreetMap changes the place later", async () => {
    await run(answer(node(1901, { name: "Гараж на Подолі" }, 50.46, 30.51)));
    const prisma = await getPrisma();
    const place = await placeOf(1901);
    await prisma.service.delete({ where: { id: place!.serviceId! } });
    expect(await placeOf(1901)).toMatchObject({ serviceId: null, linkDecision: "removed" });
    const result = await run(answer(node(1901, { name: "Гараж на Подолі", phone: "0441234567" }, 50.46, 30.51)));
    expect(result).toMatchObject({ added: 0, updated: 1 });
    expect(await placeOf(1901)).toMatchObject({ serviceId: null, linkDecision: "removed" });
    expect(await prisma.service.count({ where: { name: "Гараж на Подолі" } })).toBe(0);
  });
});

describe("a run that fails", () => {
  it("leaves the catalogue untouched and records the failure", async () => {
    const prisma = await getPrisma();
    const before = await snapshot();
    await expect(run({ elements: "none" })).rejects.toThrow(/not an Overpass answer/);
    await expect(run({ remark: "runtime error: Query timed out", elements: [node(9999)] })).rejects.toThrow(/partial/);
    // A failure half-way through the writes: the listings inserted before it are rolled back.
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION osm_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER osm_test_refuse BEFORE INSERT ON osm_places FOR EACH ROW EXECUTE FUNCTION osm_test_refuse()`,
    );
    try {
      await expect(run(answer(node(9001), node(9002)))).rejects.toThrow(/refused by the test/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER osm_test_refuse ON osm_places`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION osm_test_refuse()`);
    }
    expect(await snapshot()).toEqual(before);
    const runs = await prisma.osmImportRun.findMany({ orderBy: { startedAt: "desc" }, take: 3 });
    expect(runs.map((row) => row.status)).toEqual(["failed", "failed", "failed"]);
    expect(runs[0]?.error).toMatch(/refused by the test/);
    expect(runs[2]?.error).toMatch(/not an Overpass answer/);
    expect(runs.every((row) => row.finishedAt && row.added === 0)).toBe(true);
  });
});
