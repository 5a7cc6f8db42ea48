import { beforeAll, describe, expect, it } from "vitest";

import type { ServiceLocations } from "@/features/map/answers";
import { listServiceLocations } from "@/features/map/server/map";
import { cellGroups, MAP_GRID_MAX_ZOOM, rebuildMapCells } from "@/features/map/server/map-grid";
import { clusterCellDegrees, type CellGroup, type Viewport } from "@/features/map/viewport";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";

const VIEWS: Viewport[] = [
  { west: 22, south: 44, east: 41, north: 53, zoom: 5 },
  { west: 29.5, south: 49.9, east: 31.5, north: 50.9, zoom: 8 },
  { west: 30.3, south: 50.3, east: 30.75, north: 50.6, zoom: 11 },
  { west: 30.41, south: 50.41, east: 30.6, north: 50.5, zoom: 13 },
];

const dirty = async () =>
  (await (await getPrisma()).$queryRaw<{ dirty: boolean }[]>`SELECT dirty FROM map_cells_state`)[0]!.dirty;
const sorted = (groups: CellGroup[]) =>
  [...groups]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(({ id, count, lat, lng }) => ({ id, count, lat: lat.toFixed(9), lng: lng.toFixed(9) }));
const groupsOf = (view: Viewport) => cellGroups(view, clusterCellDegrees(view.zoom));
// Sums added in another order differ in the last bits.
const rounded = ({ services, clusters, total }: ServiceLocations) => ({
  services,
  clusters: clusters.map(({ lat, lng, count }) => ({ lat: lat.toFixed(9), lng: lng.toFixed(9), count })),
  total,
});

let moved = "";
beforeAll(async () => {
  // 240 published around Kyiv (a crowded view clusters above 200), one unpaid and one blocked that never count.
  for (let index = 0; index < 240; index++) {
    const service = await makeService({
      lat: 50.3 + ((index * 37) % 100) / 330,
      lng: 30.3 + ((index * 53) % 100) / 220,
      role: index % 3 ? "sto" : "mechanic",
    });
    if (index === 0) moved = service.id;
  }
  await makeService({ lat: 50.45, lng: 30.52, isPaid: false });
  await makeService({ lat: 50.45, lng: 30.52, isBlocked: true });
}, 120_000);

describe("the map's kept clusters (map_cells)", () => {
  it("give the same groups as grouping live, at every kept zoom, and only the published", async () => {
    expect(await dirty()).toBe(true);
    const live = await Promise.all(VIEWS.map(groupsOf));
    const rebuilt = await rebuildMapCells();
    expect(rebuilt!.cells).toBeGreaterThan(0);
    expect(await dirty()).toBe(false);
    expect(await rebuildMapCells()).toBeNull();
    const kept = await Promise.all(VIEWS.map(groupsOf));
    VIEWS.forEach((_, index) => expect(sorted(kept[index]!)).toEqual(sorted(live[index]!)));
    expect(kept[0]!.reduce((sum, group) => sum + group.count, 0)).toBe(240);
    const [levels] = await (
      await getPrisma()
    ).$queryRaw<{ zooms: number }[]>`SELECT count(DISTINCT zoom)::int AS zooms FROM map_cells`;
    expect(levels!.zooms).toBe(MAP_GRID_MAX_ZOOM + 1);
  });

  it("a moved, unpublished or new service flags them in the same transaction, and maps answer live until the rebuild", async () => {
    await rebuildMapCells();
    const prisma = await getPrisma();
    const before = await groupsOf(VIEWS[1]!);

    // A change to anything else (a rating) leaves them as they are.
    await prisma.service.update({ where: { id: moved }, data: { ratingAvg: 4.2 } });
    expect(await dirty()).toBe(false);

    // A write that rolls back leaves no flag either.
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.service.update({ where: { id: moved }, data: { latitude: 45 } });
        throw new Error("cut mid-write");
      }),
    ).rejects.toThrow("cut mid-write");
    expect(await dirty()).toBe(false);

    await prisma.service.update({ where: { id: moved }, data: { latitude: 50.85, longitude: 31.45 } });
    catalogChanged();
    expect(await dirty()).toBe(true);
    const whileDirty = await groupsOf(VIEWS[1]!);
    expect(whileDirty.find((group) => group.id === moved && group.count === 1)).toBeTruthy();
    expect(sorted(whileDirty)).not.toEqual(sorted(before));

    await rebuildMapCells();
    expect(sorted(await groupsOf(VIEWS[1]!))).toEqual(sorted(whileDirty));

    await prisma.service.update({ where: { id: moved }, data: { isBlocked: true } });
    expect(await dirty()).toBe(true);
    await rebuildMapCells();
    expect((await groupsOf(VIEWS[1]!)).some((group) => group.id === moved)).toBe(false);

    await makeService({ lat: 50.45, lng: 30.52 });
    expect(await dirty()).toBe(true);
  });

  it("hiding a place or a claim changing whether it shows flags them too", async () => {
    const prisma = await getPrisma();
    await rebuildMapCells();
    await prisma.service.update({ where: { id: moved }, data: { isBlocked: false, hiddenAt: new Date() } });
    expect(await dirty()).toBe(true);
    await rebuildMapCells();
    expect((await groupsOf(VIEWS[1]!)).some((group) => group.id === moved)).toBe(false);
    await prisma.service.update({ where: { id: moved }, data: { hiddenAt: null } });
    expect(await dirty()).toBe(true);
    await rebuildMapCells();
    // An unpaid station shows only while nobody has claimed it.
    const owner = await prisma.service.findUniqueOrThrow({ where: { id: moved }, select: { ownerId: true } });
    await prisma.service.update({ where: { id: moved }, data: { isPaid: false } });
    await rebuildMapCells();
    await prisma.service.update({ where: { id: moved }, data: { claimed: false, ownerId: null } });
    expect(await dirty()).toBe(true);
    await prisma.service.update({
      where: { id: moved },
      data: { claimed: true, ownerId: owner.ownerId, isPaid: true },
    });
  });

  it("the map API answers the same before and after a rebuild", async () => {
    await (
      await getPrisma()
    ).$executeRaw`UPDATE map_cells_state SET dirty = true`;
    catalogChanged();
    const live = await listServiceLocations(VIEWS[2]!);
    await rebuildMapCells();
    catalogChanged();
    const kept = await listServiceLocations(VIEWS[2]!);
    expect(kept.clusters.length).toBeGreaterThan(0);
    expect(rounded(kept)).toEqual(rounded(live));
  });

  // PGlite has one connection: a writer cannot run while a rebuild holds the state row.
  it.runIf(Boolean(process.env.TEST_POSTGRES_URL))(
    "a service moved while a rebuild runs flags the cells again once the rebuild commits",
    async () => {
      const prisma = await getPrisma();
      await rebuildMapCells();
      let writer: Promise<unknown> | null = null;
      let writerDone = false;
      await prisma.$transaction(async (tx) => {
        // What rebuildMapCells does first: claim the row and clear the flag, uncommitted yet.
        await tx.$queryRaw`SELECT id FROM map_cells_state WHERE id = 1 FOR UPDATE`;
        await tx.$executeRaw`UPDATE map_cells_state SET dirty = false WHERE id = 1`;
        writer = prisma.service
          .update({ where: { id: moved }, data: { isBlocked: false, latitude: 50.5, longitude: 30.5 } })
          .then(() => {
            writerDone = true;
          });
        await new Promise((resolve) => setTimeout(resolve, 300));
        // The writer's flag waits for the rebuild's row...
        expect(writerDone).toBe(false);
      });
      await writer;
      // ...and sets it again once the rebuild has committed: the move is not lost.
      expect(writerDone).toBe(true);
      expect(await dirty()).toBe(true);
    },
  );

  it("two runners at once rebuild once", async () => {
    await (
      await getPrisma()
    ).$executeRaw`UPDATE map_cells_state SET dirty = true`;
    const results = await Promise.all([rebuildMapCells(), rebuildMapCells()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await dirty()).toBe(false);
  });
});
