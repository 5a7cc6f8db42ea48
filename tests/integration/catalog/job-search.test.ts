import { beforeAll, describe, expect, it } from "vitest";

import { GET as listItems } from "@/app/api/items/route";
import { listServices } from "@/features/catalog/server/list";
import { JOB_LINES_FEW } from "@/features/catalog/server/sql-fragments";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { makeRequest } from "../../helpers/request";

const KYIV = { lat: 50.45, lng: 30.52 };
const ids: Record<string, string> = {};

async function priced(id: string, lines: { job: string; fromUah: number; label?: string }[]) {
  const prisma = await getPrisma();
  await prisma.servicePrice.createMany({
    data: lines.map((line, position) => ({ serviceId: id, label: "", ...line, position })),
  });
  await prisma.service.update({ where: { id }, data: { pricesUpdatedAt: new Date("2026-11-01T10:00:00Z") } });
}

beforeAll(async () => {
  const prisma = await getPrisma();
  // Prices for tyre changes, the R16 cheaper than the R15; an oil change cheaper still (not a tyre job).
  ids.tyres = (await makeService({ name: "Kyiv Wheels", ...KYIV, address: "вул. Велика, 2, Київ" })).id;
  await priced(ids.tyres, [
    { job: "tyre_r15", fromUah: 600 },
    { job: "tyre_r16", fromUah: 500 },
    { job: "oil_change", fromUah: 300 },
  ]);
  ids.brakes = (
    await makeService({ name: "Lviv Stop", role: "mechanic", lat: 49.84, lng: 24.03, address: "вул. Зелена, 9, Львів" })
  ).id;
  await priced(ids.brakes, [
    { job: "brake_pads", fromUah: 800 },
    { job: "diagnostics", fromUah: 400 },
    { job: "wheel_alignment", fromUah: 700 },
  ]);
  ids.tow = (await makeService({ name: "Рятівник", lat: 50.46, lng: 30.5, address: "вул. Нова, 5, Київ" })).id;
  await priced(ids.tow, [
    { job: "custom", label: "Евакуатор по місту", fromUah: 1500 },
    { job: "ac_refill", fromUah: 900 },
  ]);
  // An owner's line that holds "шин" only inside a word (машини, cars): no tyre work.
  ids.wash = (await makeService({ name: "Блиск", ...KYIV, address: "вул. Чиста, 1, Київ" })).id;
  await priced(ids.wash, [{ job: "custom", label: "Мийка машини", fromUah: 200 }]);
  // Known for tyres (an OpenStreetMap tyre shop) without a price list: found as before, no price to show.
  ids.kind = (await makeService({ name: "Гума", lat: 49.84, lng: 24.03, address: "вул. Бічна, 3, Львів" })).id;
  await prisma.service.update({ where: { id: ids.kind }, data: { workKinds: ["tyres"] } });
  // Unpublished with tyre prices: never listed.
  ids.hidden = (await makeService({ name: "Hidden Tyres", isBlocked: true, ...KYIV })).id;
  await priced(ids.hidden, [{ job: "tyre_r15", fromUah: 100 }]);
  catalogChanged();
});

const names = async (query: Parameters<typeof listServices>[0]) =>
  (await listServices(query)).items.map((item) => item.name).sort();

describe("a keyword finds services by the jobs they price", () => {
  it.each(["tyre", "Tyres", "tire", "шини", "шиномонтаж", "вулканізація", "шиномонтаж R16", "shynomontazh"])(
    "%s finds the tyre prices and the tyre shop, not a line about cars",
    async (keyword) => {
      expect(await names({ page: 1, keyword })).toEqual(["Kyiv Wheels", "Гума"]);
    },
  );

  it.each([
    ["diagnostics", "Lviv Stop"],
    ["діагностика", "Lviv Stop"],
    ["гальма", "Lviv Stop"],
    ["розвал", "Lviv Stop"],
    ["масло", "Kyiv Wheels"],
    ["oil", "Kyiv Wheels"],
    ["кондиціонер", "Рятівник"],
  ])("%s finds %s", async (keyword, name) => {
    expect(await names({ page: 1, keyword })).toEqual([name]);
  });

  it.each(["tow", "towing", "евакуатор", "эвакуатор", "evakuator", "Евакуатор по місту"])(
    "%s finds an owner's own towing line",
    async (keyword) => {
      expect(await names({ page: 1, keyword })).toEqual(["Рятівник"]);
    },
  );

  it.each([
    ["шиномотаж", ["Kyiv Wheels", "Гума"]],
    ["diagnostcs", ["Lviv Stop"]],
    ["евакуатр", ["Рятівник"]],
    ["evakuatr", ["Рятівник"]],
  ])("forgives a typo: %s", async (keyword, expected) => {
    expect(await names({ page: 1, keyword })).toEqual(expected);
  });

  it("finds nothing for a word that names no job and no service", async () => {
    expect(await names({ page: 1, keyword: "toyota" })).toEqual([]);
    expect(await names({ page: 1, keyword: "town" })).toEqual([]);
  });

  it("says which job matched: the service's cheapest matching line", async () => {
    const byName = async (keyword: string) =>
      Object.fromEntries((await listServices({ page: 1, keyword })).items.map((item) => [item.name, item.matchedJob]));
    expect(await byName("tyre")).toEqual({
      "Kyiv Wheels": { job: "tyre_r16", label: "", fromUah: 500 },
      Гума: undefined,
    });
    expect((await byName("шиномонтаж R15"))["Kyiv Wheels"]).toEqual({ job: "tyre_r15", label: "", fromUah: 600 });
    expect(await byName("евакуатор")).toEqual({
      Рятівник: { job: "custom", label: "Евакуатор по місту", fromUah: 1500 },
    });
    // Found by its name, not a price: nothing to say.
    expect(await byName("Kyiv Wheels")).toEqual({ "Kyiv Wheels": undefined });
    expect((await listServices({ page: 1 })).items.every((item) => item.matchedJob === undefined)).toBe(true);
  });

  it("puts the services whose name has the keyword first, above those that only price its job", async () => {
    const named = await makeService({ name: "Шиномонтаж На Подолі", ...KYIV });
    try {
      for (const keyword of ["Шиномонтаж На Подолі", "шиномонтаж"]) {
        const { items } = await listServices({ page: 1, keyword });
        expect(items[0]?.name, keyword).toBe("Шиномонтаж На Подолі");
      }
      // A chosen sort is the order asked for: the unrated place goes last by rating.
      const byRating = await listServices({ page: 1, keyword: "шиномонтаж", sort: "rating.desc" });
      expect(byRating.items.at(-1)?.name).toBe("Шиномонтаж На Подолі");
      // Pages still hold every match once.
      const all = (await listServices({ page: 1, keyword: "шиномонтаж" })).items.map((item) => item.name).sort();
      expect(all).toEqual(["Kyiv Wheels", "Гума", "Шиномонтаж На Подолі"]);
    } finally {
      await (await getPrisma()).service.delete({ where: { id: named.id } });
      catalogChanged();
    }
  });

  it("answers the same when a job is priced by many lines (matched as a hashed set, not an array)", async () => {
    const prisma = await getPrisma();
    const many = Array.from({ length: JOB_LINES_FEW + 1 }, (_, index) => ({
      serviceId: ids.brakes!,
      job: "wheel_alignment",
      label: "",
      fromUah: 650 + index,
      position: 20,
    }));
    await prisma.servicePrice.createMany({ data: many });
    catalogChanged();
    try {
      const { items } = await listServices({ page: 1, keyword: "розвал" });
      expect(items.map((item) => [item.name, item.matchedJob])).toEqual([
        ["Lviv Stop", { job: "wheel_alignment", label: "", fromUah: 650 }],
      ]);
      expect(await names({ page: 1, keyword: "шини" })).toEqual(["Kyiv Wheels", "Гума"]);
    } finally {
      await prisma.servicePrice.deleteMany({ where: { serviceId: ids.brakes!, position: 20 } });
      catalogChanged();
    }
  });

  it("combines with the other filters", async () => {
    expect(await names({ page: 1, keyword: "tyre", filter: "mechanic" })).toEqual([]);
    expect(await names({ page: 1, keyword: "tyre", filter: "sto" })).toEqual(["Kyiv Wheels", "Гума"]);
    expect(await names({ page: 1, keyword: "tyre", prices: true })).toEqual(["Kyiv Wheels"]);
    const job = await listServices({ page: 1, keyword: "шини", job: "tyre_r15" });
    expect(job.items.map((item) => [item.name, item.jobPriceUah, item.matchedJob])).toEqual([
      ["Kyiv Wheels", 600, { job: "tyre_r16", label: "", fromUah: 500 }],
    ]);
    const near = await listServices({ page: 1, keyword: "tyre", near: KYIV });
    expect(near.items.map((item) => [item.name, item.distanceKm, item.matchedJob?.fromUah])).toEqual([
      ["Kyiv Wheels", 0, 500],
      ["Гума", expect.any(Number), undefined],
    ]);
    // Tuesday 10:00 in Kyiv: open on the default weekday hours; Sunday noon: closed.
    expect(await names({ page: 1, keyword: "tyre", open: true, userDateTime: "2026-11-24T08:00:00.000Z" })).toEqual([
      "Kyiv Wheels",
      "Гума",
    ]);
    expect(await names({ page: 1, keyword: "tyre", open: true, userDateTime: "2026-11-29T10:00:00.000Z" })).toEqual([]);
  });
});

describe("GET /api/items?keyword=", () => {
  it("answers the matched job with each item found by one", async () => {
    const response = await listItems(makeRequest(`/api/items?keyword=${encodeURIComponent("шиномонтаж")}`));
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { name: string; matchedJob?: unknown }[] };
    expect(Object.fromEntries(items.map((item) => [item.name, item.matchedJob ?? null]))).toEqual({
      "Kyiv Wheels": { job: "tyre_r16", label: "", fromUah: 500 },
      Гума: null,
    });
  });
});
