import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as getLocations } from "@/app/api/items/locations/route";
import { GET as listItems } from "@/app/api/items/route";
import { shownKm } from "@/domain/service/distance";
import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import type { ServiceCard } from "@/features/catalog/answers";
import { parseItemsQuery, type ItemsQuery } from "@/features/catalog/items-query";
import { PAGE_SIZE, SORT_KEYS } from "@/features/catalog/list-options";
import { listServices } from "@/features/catalog/server/list";
import { distanceKm } from "@/features/catalog/server/sql-fragments";
import { jobWordsMatching } from "@/features/prices/job-words";
import { refreshRatingScores } from "@/features/reviews/server/rating-scores";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";
import { keywordVariants } from "@/lib/translit";

import { makeService } from "../../helpers/factories";
import { makeRequest } from "../../helpers/request";

/**
 * The whole query space of GET /api/items and of the /services page (which parses the same
 * parameters from its searchParams and calls the same listServices): every filter, sort, job,
 * "near", "open now", "on the go", keyword and page, alone and combined. Each answer is checked
 * against an order and a membership computed here from the seeded services and their stored
 * scores and distances: a 200 with exactly the page of the expected list, never a 5xx.
 */

/** The point asked "near". */
const POINT = { lat: 50.45, lng: 30.52 };
const JOB = "tyre_r15";
/** Tuesday 10:00 in Kyiv: weekday hours and round-the-clock services are open, night ones closed. */
const USER_DATE_TIME = "2026-11-24T08:00:00.000Z";
const KEYWORDS = [undefined, "autofix", "гараж", "shynomontazh"] as const;
const NAMES = ["Autofix", "Гараж", "Шиномонтаж", "Майстерня"] as const;

const allWeek = (opening: string, closing: string): Timetable =>
  Object.fromEntries(
    Object.keys(DEFAULT_TIMETABLE).map((day) => [day, { closed: false, opening, closing }]),
  ) as Timetable;
const HOURS = [
  { timetable: DEFAULT_TIMETABLE, openAtUserTime: true },
  { timetable: allWeek("00:00", "24:00"), openAtUserTime: true },
  { timetable: allWeek("20:00", "02:00"), openAtUserTime: false },
] as const;

type Seeded = {
  id: string;
  lat: number;
  lng: number;
  name: string;
  role: "sto" | "mechanic";
  isOnTheGo: boolean;
  open: boolean;
  withPrices: boolean;
  jobPrice: number | null;
};
type Truth = Seeded & {
  ratingScore: number;
  qualityScore: number;
  speedScore: number;
  priceScore: number;
  numReviews: number;
  distanceKm: number;
  comesToYou: boolean;
};

const truth = new Map<string, Truth>();

/** Where service i stands: six groups of three at one spot each (exact distance ties), the rest spread out. */
function spot(i: number): { lat: number; lng: number } {
  if (i < 18) return { lat: 50.47 + Math.floor(i / 3) * 0.07, lng: 30.55 };
  return { lat: 50.4 - (i - 17) * 0.05, lng: 30.45 + (i % 5) * 0.1 };
}

/** Varied averages; every fifth service has no reviews and every fifth another the same four fours (score ties). */
function ratings(i: number) {
  if (i % 5 === 4) return undefined;
  if (i % 5 === 3) return { ratingAvg: 4, qualityAvg: 4, speedAvg: 4, priceAvg: 4, numReviews: 2 };
  const avg = (step: number) => 1 + ((i * step) % 40) / 10;
  return { ratingAvg: avg(7), qualityAvg: avg(3), speedAvg: avg(11), priceAvg: avg(13), numReviews: 1 + (i % 6) };
}

beforeAll(async () => {
  const prisma = await getPrisma();
  const seeded: (Seeded & { radiusKm?: number })[] = [];
  // Owners who never sign in: no password to hash (which would take most of the seeding time).
  const owner = async (n: number) =>
    (
      await prisma.user.create({
        data: {
          name: `Owner ${n}`,
          email: `space-${n}@test.local`,
          emailNormalized: `space-${n}@test.local`,
          passwordHash: "x",
        },
      })
    ).id;
  const add = async (
    i: number,
    options: {
      role?: "sto" | "mechanic";
      isOnTheGo?: boolean;
      lat?: number;
      lng?: number;
      radiusKm?: number;
      name?: string;
    } = {},
  ) => {
    const role = options.role ?? (i % 2 ? "mechanic" : "sto");
    const hours = HOURS[i % 3]!;
    const name = options.name ?? `${NAMES[i % 4]} ${i}`;
    const at = { ...spot(i), ...(options.lat !== undefined ? { lat: options.lat, lng: options.lng! } : {}) };
    const service = await makeService({
      name,
      role,
      ownerId: await owner(i),
      isOnTheGo: options.isOnTheGo ?? false,
      ...at,
      timetable: hours.timetable,
      ratings: ratings(i),
    });
    const withPrices = i % 3 !== 1;
    // Job prices with ties (four amounts), on two services of every three.
    const jobPrice = withPrices && i % 4 !== 3 ? 300 + (i % 4) * 50 : null;
    if (withPrices) {
      await prisma.service.update({
        where: { id: service.id },
        data: { pricesUpdatedAt: new Date(), serviceRadiusKm: options.radiusKm ?? null },
      });
      await prisma.servicePrice.create({
        data: {
          serviceId: service.id,
          job: jobPrice === null ? "oil_change" : JOB,
          fromUah: jobPrice ?? 500,
          position: 0,
        },
      });
    } else if (options.radiusKm !== undefined) {
      await prisma.service.update({ where: { id: service.id }, data: { serviceRadiusKm: options.radiusKm } });
    }
    seeded.push({
      id: service.id,
      ...at,
      name,
      role,
      isOnTheGo: options.isOnTheGo ?? false,
      open: hours.openAtUserTime,
      withPrices,
      jobPrice,
    });
  };
  let i = 0;
  for (; i < 30; i++) await add(i);
  // Masters on the go: two far away whose radius covers the point, one near whose does, one whose
  // radius falls short, one with no radius, and one with a radius who no longer travels.
  await add(i++, { role: "mechanic", isOnTheGo: true, lat: 51.3, lng: 30.6, radiusKm: 150 });
  await add(i++, { role: "mechanic", isOnTheGo: true, lat: 49.6, lng: 30.1, radiusKm: 120 });
  await add(i++, { role: "mechanic", isOnTheGo: true, ...spot(4), radiusKm: 50 });
  await add(i++, { role: "mechanic", isOnTheGo: true, lat: 50.8, lng: 30.52, radiusKm: 5 });
  await add(i++, { role: "mechanic", isOnTheGo: true, lat: 50.2, lng: 30.9 });
  await add(i++, { role: "mechanic", isOnTheGo: false, lat: 50.6, lng: 31.2, radiusKm: 300 });
  // Never listed, whatever the question.
  await makeService({ name: "Autofix Unpaid", isPaid: false, ownerId: await owner(100) });
  await makeService({ name: "Гараж Blocked", isBlocked: true, ownerId: await owner(101) });
  await refreshRatingScores();
  catalogChanged();

  const rows = await prisma.$queryRaw<
    {
      id: string;
      ratingScore: number;
      qualityScore: number;
      speedScore: number;
      priceScore: number;
      numReviews: number;
      distanceKm: number;
      isOnTheGo: boolean;
      serviceRadiusKm: number | null;
    }[]
  >`SELECT s.id, s."ratingScore", s."qualityScore", s."speedScore", s."priceScore", s."numReviews", s."isOnTheGo", s."serviceRadiusKm",
      ${distanceKm(POINT)} AS "distanceKm" FROM services s WHERE s.id = ANY(${seeded.map((s) => s.id)}::uuid[])`;
  for (const row of rows) {
    const service = seeded.find((s) => s.id === row.id)!;
    truth.set(row.id, {
      ...service,
      ratingScore: row.ratingScore,
      qualityScore: row.qualityScore,
      speedScore: row.speedScore,
      priceScore: row.priceScore,
      numReviews: Number(row.numReviews),
      distanceKm: row.distanceKm,
      comesToYou: row.isOnTheGo && row.serviceRadiusKm !== null && row.distanceKm <= row.serviceRadiusKm,
    });
  }
  expect(truth.size).toBe(36);
  expect([...truth.values()].filter((service) => service.comesToYou)).toHaveLength(3);
});

type Case = {
  filter?: "sto" | "mechanic";
  sort?: (typeof SORT_KEYS)[number];
  job?: typeof JOB;
  near?: boolean;
  open?: boolean;
  onthego?: boolean;
  prices?: boolean;
  keyword?: string;
};

function search(c: Case, page: number): string {
  const params = new URLSearchParams();
  if (c.filter) params.set("filter", c.filter);
  if (c.sort) params.set("sort", c.sort);
  if (c.job) params.set("job", c.job);
  if (c.near) params.set("near", `${POINT.lat},${POINT.lng}`);
  if (c.open) params.set("open", "true");
  if (c.open) params.set("userDateTime", USER_DATE_TIME);
  if (c.onthego) params.set("onthego", "true");
  if (c.prices) params.set("prices", "true");
  if (c.keyword) params.set("keyword", c.keyword);
  if (page !== 1) params.set("page", String(page));
  return params.toString();
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list the query asks for, in order, from the seeded facts (list.ts's rules, restated). */
function expected(c: Case): Truth[] {
  const variants = c.keyword ? keywordVariants(c.keyword) : [];
  const members = [...truth.values()].filter(
    (service) =>
      (!c.filter || service.role === c.filter) &&
      (!c.onthego || service.isOnTheGo) &&
      (!c.open || service.open) &&
      (!c.prices || service.withPrices) &&
      (!c.job || service.jobPrice !== null) &&
      (!c.keyword ||
        variants.some((variant) => service.name.toLowerCase().includes(variant)) ||
        // A keyword naming the job finds its prices (features/prices/job-words.ts): "shynomontazh", tyre changes.
        (service.jobPrice !== null && jobWordsMatching(variants).jobs.includes(JOB))),
  );
  const keys: ((a: Truth, b: Truth) => number)[] = [];
  // Near: the masters who come to the point first (unless nearest first is asked), then each by its own distance.
  if (c.near && c.sort !== "nearest") keys.push((a, b) => Number(b.comesToYou) - Number(a.comesToYou));
  if (c.near) keys.push((a, b) => a.distanceKm - b.distanceKm);
  // A keyword without a sort, job or point: the services it names first.
  if (c.keyword && !c.sort && !c.job && !c.near) {
    const named = (service: Truth) => variants.some((variant) => service.name.toLowerCase().includes(variant));
    keys.push((a, b) => Number(named(b)) - Number(named(a)));
  }
  // "nearest" orders by distance alone; its ties as without a sort.
  const rated = c.sort === "nearest" ? undefined : c.sort;
  if (rated || !c.job) {
    const [field, direction] = (rated ?? "rating.desc").split(".") as [
      "rating" | "quality" | "speed" | "price",
      "asc" | "desc",
    ];
    const sign = direction === "asc" ? 1 : -1;
    const score = `${field}Score` as const;
    keys.push(
      (a, b) => sign * (a[score] - b[score]),
      (a, b) => sign * (a.numReviews - b.numReviews),
      (a, b) => -sign * byId(a.id, b.id),
    );
  } else {
    // A job without a sort: cheapest first.
    keys.push(
      (a, b) => a.jobPrice! - b.jobPrice!,
      (a, b) => byId(a.id, b.id),
    );
  }
  return members.sort((a, b) => {
    for (const key of keys) {
      const order = key(a, b);
      if (order) return order;
    }
    return 0;
  });
}

const describeService = (s: Truth) =>
  `${s.name} ${s.comesToYou ? "comes " : ""}${s.distanceKm.toFixed(3)}km r${s.ratingScore.toFixed(3)} q${s.qualityScore.toFixed(3)} s${s.speedScore.toFixed(3)} p${s.priceScore.toFixed(3)} n${s.numReviews} ${s.jobPrice ?? "-"}UAH ${s.id}`;

/** Pages 1, 2 and the one past the last, through the API and as the /services page reads them. */
async function check(c: Case): Promise<void> {
  if (c.sort === "nearest" && !c.near) {
    // Nearest to no point: a 400 naming the sort, and the page's notice says the same.
    const response = await listItems(makeRequest(`/api/items?${search(c, 1)}`));
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).errors)).toEqual(["sort"]);
    expect(parseItemsQuery(Object.fromEntries(new URLSearchParams(search(c, 1))))).toMatchObject({
      ok: false,
      issues: { sort: "Validation.sortNeedsNear" },
    });
    return;
  }
  const list = expected(c);
  const pages = Math.ceil(list.length / PAGE_SIZE);
  for (const page of [...new Set([1, 2, Math.max(pages, 1) + 1])]) {
    const url = `/api/items?${search(c, page)}`;
    const response = await listItems(makeRequest(url));
    const body = (await response.json()) as { items: ServiceCard[]; page: number; pages: number };
    expect(response.status, `${url}: ${JSON.stringify(body)}`).toBe(200);
    const want = list.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const got = body.items.map((item) => truth.get(item._id));
    expect(
      got.map((service) => (service ? describeService(service) : "a service that should not be listed")),
      url,
    ).toEqual(want.map(describeService));
    expect({ page: body.page, pages: body.pages }, url).toEqual({ page, pages });
    for (const item of body.items) {
      const service = truth.get(item._id)!;
      if (c.open) expect(item.openNow, `${url}: ${item.name} open`).toBe(true);
      if (c.near) {
        expect(item.comesToYou, `${url}: ${item.name} comes`).toBe(service.comesToYou ? true : undefined);
        expect(item.distanceKm, `${url}: ${item.name} km`).toBe(shownKm(service.distanceKm));
      } else expect(item.distanceKm).toBeUndefined();
      expect(item.jobPriceUah).toBe(c.job ? service.jobPrice : undefined);
    }

    // The page: Next hands it the decoded query as a record; it parses and lists the same way.
    const parsed = parseItemsQuery(Object.fromEntries(new URLSearchParams(search(c, page))));
    expect(parsed.ok, url).toBe(true);
    const query = (parsed as { query: ItemsQuery }).query;
    const shown = await listServices(query, new Date(USER_DATE_TIME));
    expect(
      shown.items.map((item) => item._id),
      `page ${url}`,
    ).toEqual(want.map((service) => service.id));
  }
}

const orderings: Case[] = [undefined, ...SORT_KEYS].flatMap((sort) =>
  [undefined, JOB].flatMap((job) => [false, true].map((near) => ({ sort, job, near }) as Case)),
);

describe("GET /api/items and /services over the whole query space", () => {
  it("every sort and job, with and without near, for each role filter: the exact pages asked for", async () => {
    for (const filter of [undefined, "sto", "mechanic"] as const)
      for (const ordering of orderings) await check({ ...ordering, filter });
  });

  it("any combination of filter, sort, job, near, open, on the go, prices and keyword (property)", async () => {
    const cases = fc.record(
      {
        filter: fc.constantFrom(undefined, "sto" as const, "mechanic" as const),
        sort: fc.constantFrom(undefined, ...SORT_KEYS),
        job: fc.constantFrom(undefined, JOB),
        near: fc.boolean(),
        open: fc.boolean(),
        onthego: fc.boolean(),
        prices: fc.boolean(),
        keyword: fc.constantFrom(...KEYWORDS),
      },
      { requiredKeys: [] },
    );
    await fc.assert(fc.asyncProperty(cases, check), { numRuns: 400 });
  });

  it("never lists an unpublished service, even by its name", async () => {
    for (const keyword of ["Unpaid", "Blocked"]) {
      const response = await listItems(
        makeRequest(`/api/items?keyword=${keyword}&near=${POINT.lat},${POINT.lng}&sort=speed.asc`),
      );
      expect(((await response.json()) as { items: ServiceCard[] }).items).toEqual([]);
    }
  });

  it.each([
    ["sort=foo", "sort"],
    ["sort=nearest&near=", "sort"],
    ["near=abc", "near"],
    ["near=91,0", "near"],
    ["near=0,181", "near"],
    ["page=-1", "page"],
    ["page=0", "page"],
    ["page=1.5", "page"],
    ["filter=x", "filter"],
    ["open=maybe", "open"],
    ["onthego=yes", "onthego"],
    ["prices=1", "prices"],
    ["job=brakes", "job"],
    ["open=true&userDateTime=tomorrow", "userDateTime"],
  ])("refuses %s with a translated 400, and the page shows why instead of a list", async (query, field) => {
    // With near and a sort besides: the first value of a parameter is the one read.
    const response = await listItems(makeRequest(`/api/items?${query}&near=${POINT.lat},${POINT.lng}&sort=price.asc`));
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.errors[field].message).not.toMatch(/^(Validation|Prices)\./);
    // The page renders its "could not load" notice with the same issues (services-page.tsx).
    const parsed = parseItemsQuery(Object.fromEntries(new URLSearchParams(query)));
    expect(parsed).toMatchObject({ ok: false, issues: { [field]: body.errors[field].key } });
  });
});

describe("GET /api/items/locations over any view", () => {
  it("lists exactly the published services inside any valid box, at any zoom (property)", async () => {
    const coordinate = (max: number) => fc.integer({ min: -max * 100, max: max * 100 }).map((n) => n / 100);
    const views = fc.record({
      lats: fc.tuple(coordinate(90), coordinate(90)),
      lngs: fc.tuple(coordinate(180), coordinate(180)),
      zoom: fc.integer({ min: 0, max: 20 }),
    });
    await fc.assert(
      fc.asyncProperty(views, async ({ lats, lngs, zoom }) => {
        const [south, north] = [Math.min(...lats), Math.max(...lats)];
        const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
        const url = `/api/items/locations?bbox=${west},${south},${east},${north}&zoom=${zoom}`;
        const response = await getLocations(makeRequest(url));
        const body = (await response.json()) as { services: { _id: string }[]; clusters: unknown[]; total: number };
        expect(response.status, url).toBe(200);
        const inside = [...truth.values()].filter(
          (service) => service.lat >= south && service.lat <= north && service.lng >= west && service.lng <= east,
        );
        expect(body.services.map((service) => service._id).sort(), url).toEqual(
          inside.map((service) => service.id).sort(),
        );
        expect(body.total, url).toBe(inside.length);
      }),
      { numRuns: 100 },
    );
    // Views around the seeded services, where the property's random boxes rarely land.
    for (const zoom of [0, 6, 11, 12, 20]) {
      const response = await getLocations(makeRequest(`/api/items/locations?bbox=30,50,31,51&zoom=${zoom}`));
      expect((await response.json()).total).toBe(
        [...truth.values()].filter((s) => s.lat >= 50 && s.lat <= 51 && s.lng >= 30 && s.lng <= 31).length,
      );
    }
  });

  it.each([
    "bbox=abc&zoom=3",
    "bbox=31,50,30,51&zoom=3",
    "bbox=30,50,31,91&zoom=3",
    "bbox=30,50,31,51&zoom=21",
    "zoom=3",
    "bbox=30,50,31,51",
  ])("refuses %s with a translated 400", async (query) => {
    const response = await getLocations(makeRequest(`/api/items/locations?${query}`));
    expect(response.status).toBe(400);
    expect((await response.json()).message).not.toMatch(/^Validation\./);
  });
});
