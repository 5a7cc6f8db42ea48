import { beforeAll, describe, expect, it } from "vitest";

import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { PAGE_SIZE } from "@/features/catalog/list-options";
import { getPublicService } from "@/features/catalog/server/detail";
import { listServices, listTopServices } from "@/features/catalog/server/list";
import { listServiceLocations } from "@/features/map/server/map";
import { refreshRatingScores } from "@/features/reviews/server/rating-scores";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";
import { NotFoundError } from "@/lib/http/errors";

import { makeService } from "../../helpers/factories";

const allWeek = (opening: string, closing: string): Timetable =>
  Object.fromEntries(
    Object.keys(DEFAULT_TIMETABLE).map((day) => [day, { closed: false, opening, closing }]),
  ) as Timetable;

const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.kyivStation = (
    await makeService({
      name: "СТО Автодоктор",
      lat: 50.45,
      lng: 30.52,
      address: "вул. Хрещатик, 1, Київ",
      ratings: { ratingAvg: 4.5, priceAvg: 3, qualityAvg: 5, speedAvg: 4, numReviews: 4 },
    })
  ).id;
  ids.lvivMaster = (
    await makeService({
      name: "Taras Hnatyuk",
      role: "mechanic",
      isOnTheGo: true,
      lat: 49.84,
      lng: 24.03,
      address: "вул. Городоцька, 5, Львів",
      brand: "Skoda",
      ratings: { ratingAvg: 3.9, priceAvg: 5, numReviews: 3 },
    })
  ).id;
  ids.nightOwl = (
    await makeService({
      name: "Night Garage",
      lat: 49.24,
      lng: 28.47,
      timetable: allWeek("20:00", "02:00"),
      ratings: { ratingAvg: 4.9, numReviews: 1 },
    })
  ).id;
  ids.alwaysOpen = (
    await makeService({
      name: "Always Open",
      role: "mechanic",
      timetable: allWeek("00:00", "24:00"),
      ratings: { ratingAvg: 2, numReviews: 5 },
    })
  ).id;
  ids.unpaid = (await makeService({ name: "Unpaid Station", isPaid: false })).id;
  ids.blocked = (await makeService({ name: "Blocked Master", role: "mechanic", isBlocked: true })).id;
});

const names = (items: { name: string }[]) => items.map((item) => item.name).sort();

describe("listServices", () => {
  it("lists only published services", async () => {
    const { items, page, pages } = await listServices({ page: 1 });
    expect(names(items)).toEqual(["Always Open", "Night Garage", "Taras Hnatyuk", "СТО Автодоктор"]);
    expect({ page, pages }).toEqual({ page: 1, pages: 1 });
  });

  it("filters by role and on-the-go", async () => {
    expect(names((await listServices({ page: 1, filter: "mechanic" })).items)).toEqual([
      "Always Open",
      "Taras Hnatyuk",
    ]);
    expect(names((await listServices({ page: 1, filter: "sto" })).items)).toEqual(["Night Garage", "СТО Автодоктор"]);
    expect(names((await listServices({ page: 1, onthego: true })).items)).toEqual(["Taras Hnatyuk"]);
  });

  it("keeps services open at the instant in their own time zone, across midnight", async () => {
    // Tuesday 2026-11-24 01:30 in Kyiv (UTC+2): only the night garage (Mon 20:00–02:00) and the 24h master.
    const tuesdayNight = { page: 1, open: true, userDateTime: "2026-11-23T23:30:00.000Z" };
    expect(names((await listServices(tuesdayNight)).items)).toEqual(["Always Open", "Night Garage"]);
    // Tuesday 10:00 Kyiv: weekday hours.
    const tuesdayMorning = { page: 1, open: true, userDateTime: "2026-11-24T08:00:00.000Z" };
    expect(names((await listServices(tuesdayMorning)).items)).toEqual([
      "Always Open",
      "Taras Hnatyuk",
      "СТО Автодоктор",
    ]);
    // Sunday noon: weekend closed by default.
    const sunday = { page: 1, open: true, userDateTime: "2026-11-29T10:00:00.000Z" };
    expect(names((await listServices(sunday)).items)).toEqual(["Always Open"]);
    // 18:00 is closing time, so closed.
    const closing = { page: 1, open: true, userDateTime: "2026-11-24T16:00:00.000Z", filter: "sto" as const };
    expect(names((await listServices(closing)).items)).toEqual([]);
  });

  it("matches keywords in either script, by part of a word and with a typo", async () => {
    expect(names((await listServices({ page: 1, keyword: "автодок" })).items)).toEqual(["СТО Автодоктор"]);
    expect(names((await listServices({ page: 1, keyword: "avtodoktor" })).items)).toEqual(["СТО Автодоктор"]);
    expect(names((await listServices({ page: 1, keyword: "Kyiv" })).items)).toEqual(["СТО Автодоктор"]);
    expect(names((await listServices({ page: 1, keyword: "skoda" })).items)).toEqual(["Taras Hnatyuk"]);
    expect(names((await listServices({ page: 1, keyword: "Hnatiuk" })).items)).toEqual(["Taras Hnatyuk"]);
    expect((await listServices({ page: 1, keyword: "%_" })).items).toEqual([]);
  });

  it("matches a category by its label in either language", async () => {
    const truck = await makeService({ name: "Heavy Duty", category: "trucks" });
    try {
      expect(names((await listServices({ page: 1, keyword: "вантаж" })).items)).toEqual(["Heavy Duty"]);
      expect(names((await listServices({ page: 1, keyword: "Trucks" })).items)).toEqual(["Heavy Duty"]);
    } finally {
      await (await getPrisma()).service.delete({ where: { id: truck.id } });
      catalogChanged();
    }
  });

  it("sorts by the smoothed score of the chosen rating, with stable ties (a hand-computed table)", async () => {
    expect(await refreshRatingScores()).toBe(true);
    // Prior: the mean of the four published averages, rating (4.5 + 3.9 + 4.9 + 2) / 4 = 3.825 and
    // price (3 + 5 + 0 + 0) / 4 = 2, weight 10. score = (10 × mean + n × average) / (10 + n):
    //   СТО Автодоктор 4.5 × 4 → 4.018   Night Garage 4.9 × 1 → 3.923   Taras 3.9 × 3 → 3.842   Always Open 2 × 5 → 3.217
    // The raw average would put Night Garage (one review) first.
    const byRating = (await listServices({ page: 1, sort: "rating.desc" })).items;
    expect(byRating.map((i) => i.name)).toEqual(["СТО Автодоктор", "Night Garage", "Taras Hnatyuk", "Always Open"]);
    for (const [item, score] of byRating.map((i, n) => [i, [4.018, 3.923, 3.842, 3.217][n]!] as const))
      expect(item.rating.score).toBeCloseTo(score, 2);
    // Price: Taras 5 × 3 → 2.692, Автодоктор 3 × 4 → 2.286, Night 0 × 1 → 1.818, Always Open 0 × 5 → 1.333.
    expect((await listServices({ page: 1, sort: "price.desc" })).items.map((i) => i.name)).toEqual([
      "Taras Hnatyuk",
      "СТО Автодоктор",
      "Night Garage",
      "Always Open",
    ]);
    const byRatingAsc = (await listServices({ page: 1, sort: "rating.asc" })).items.map((i) => i.name);
    expect(byRatingAsc).toEqual(["Always Open", "Taras Hnatyuk", "Night Garage", "СТО Автодоктор"]);
    expect((await listServices({ page: 1, sort: "rating.asc" })).items.map((i) => i.name)).toEqual(byRatingAsc);
    expect(await refreshRatingScores()).toBe(false);
  });

  it("sorts by distance from a point and reports it in km", async () => {
    const { items } = await listServices({ page: 1, near: { lat: 50.45, lng: 30.52 } });
    expect(items[0]!.name).toBe("СТО Автодоктор");
    expect(items[0]!.distanceKm).toBe(0);
    expect(items.at(-1)!.name).toBe("Taras Hnatyuk");
    expect(items.at(-1)!.distanceKm).toBeGreaterThan(460);
    expect(items.at(-1)!.distanceKm).toBeLessThan(480);
  });

  it("gives a place under 100 m from the point as 0 km, which the cards read as nearby", async () => {
    // About 78 m north of the Kyiv station: to a tenth of a km that would be 0.1 km.
    const { items } = await listServices({ page: 1, near: { lat: 50.4507, lng: 30.52 } });
    expect(items[0]!.name).toBe("СТО Автодоктор");
    expect(items[0]!.distanceKm).toBe(0);
    // Farther ones keep their tenth of a km.
    expect(items[1]!.distanceKm).toBeGreaterThan(0.1);
  });

  it("pages nearest first without repeating services that stand at the same spot", async () => {
    const spot = { lat: 46.48, lng: 30.72 };
    const crowd = [];
    for (let i = 0; i < PAGE_SIZE * 3; i++)
      crowd.push(
        await makeService({
          name: `Odesa ${i}`,
          lat: spot.lat,
          lng: spot.lng,
          ratings: { ratingAvg: i % 5, numReviews: i % 3 },
        }),
      );
    try {
      const pages = [];
      for (let page = 1; page <= 3; page++)
        pages.push((await listServices({ page, near: spot, sort: "rating.desc" })).items);
      const seen = pages.flat();
      expect(new Set(seen.map((item) => item._id)).size).toBe(PAGE_SIZE * 3);
      expect(seen.every((item) => item.distanceKm === 0)).toBe(true);
      const scores = seen.map((item) => item.rating.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    } finally {
      await (await getPrisma()).service.deleteMany({ where: { id: { in: crowd.map((service) => service.id) } } });
      catalogChanged();
    }
  });

  it("pages by twelve", async () => {
    for (let i = 0; i < PAGE_SIZE; i++)
      await makeService({ name: `Paging ${String(i).padStart(2, "0")}`, role: "mechanic", ownerId: undefined });
    const first = await listServices({ page: 1 });
    const second = await listServices({ page: 2 });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(second.pages).toBe(2);
    expect(second.items).toHaveLength(4);
    expect(new Set([...first.items, ...second.items].map((i) => i._id)).size).toBe(PAGE_SIZE + 4);
    expect((await listServices({ page: 3 })).items).toEqual([]);
  });
});

describe("other public reads", () => {
  it("gives the map only published services with what it needs", async () => {
    // Zoomed in far enough that only services at the very same spot share a cell.
    const { services: locations } = await listServiceLocations({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
      zoom: 20,
    });
    const found = locations.find((l) => l._id === ids.kyivStation);
    expect(found).toEqual({
      _id: ids.kyivStation,
      name: "СТО Автодоктор",
      role: "sto",
      coordinates: { lat: 50.45, lng: 30.52 },
      rating: { avg: 4.5 },
      address: "вул. Хрещатик, 1, Київ",
      source: "owner",
      claimed: true,
    });
    expect(locations.some((l) => l._id === ids.unpaid || l._id === ids.blocked)).toBe(false);
  });

  it("ranks top services only with enough reviews", async () => {
    const top = await listTopServices();
    expect(top.map((s) => s.name)).toEqual(["СТО Автодоктор", "Taras Hnatyuk", "Always Open"]);
  });

  it("returns one published service with timetable and reviews, and 404s the rest", async () => {
    const service = await getPublicService(ids.nightOwl!);
    expect(service.name).toBe("Night Garage");
    expect(service.timetable.monday).toEqual({ closed: false, opening: "20:00", closing: "02:00" });
    expect(service.reviews).toEqual([]);
    await expect(getPublicService(ids.unpaid!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPublicService(ids.blocked!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPublicService("00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPublicService("not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
  });
});
