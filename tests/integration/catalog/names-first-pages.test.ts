import { beforeAll, describe, expect, it } from "vitest";

import { PAGE_SIZE } from "@/features/catalog/list-options";
import { listServices } from "@/features/catalog/server/list";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";

/**
 * A keyword naming a kind of work puts the services whose name has it first: every page of that
 * list, walked to its end, holds each matching service once, the named ones before the others.
 */
const NAMED = 17;
const PRICED = 20;

beforeAll(async () => {
  const prisma = await getPrisma();
  const owner = await makeUser();
  // Equal ratings everywhere, so only the tie-breakers order them.
  for (let i = 0; i < NAMED + PRICED; i++) {
    const named = i < NAMED;
    const service = await makeService({
      name: named ? `Шиномонтаж Сторінка ${i}` : `Гараж Сторінка ${i}`,
      ownerId: owner.id,
      address: "вул. Сторінкова, 1, Київ",
    });
    if (!named || i % 2)
      await prisma.servicePrice.create({ data: { serviceId: service.id, job: "tyre_r16", fromUah: 500, position: 0 } });
  }
  catalogChanged();
}, 60_000);

describe("names first over all pages", () => {
  it.each([undefined, "rating.desc", "price.asc"] as const)("sort %s: no repeats, none missing", async (sort) => {
    const seen: { _id: string; name: string }[] = [];
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const answer = await listServices({ page, keyword: "шиномонтаж", ...(sort ? { sort } : {}) });
      pages = answer.pages;
      expect(answer.items.length).toBeLessThanOrEqual(PAGE_SIZE);
      seen.push(...answer.items);
      if (page === 1) expect(answer.total).toBeGreaterThanOrEqual(NAMED + PRICED);
    }
    const ids = seen.map((item) => item._id);
    expect(new Set(ids).size).toBe(ids.length);
    const ours = seen.filter((item) => item.name.includes("Сторінка"));
    expect(ours).toHaveLength(NAMED + PRICED);
    if (!sort) {
      const firstOther = ours.findIndex((item) => item.name.startsWith("Гараж"));
      expect(ours.slice(firstOther).some((item) => item.name.startsWith("Шиномонтаж"))).toBe(false);
    }
  });
});
