import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { importOverpass } from "@/features/osm/server/run";
import { scheduledOsmImport } from "@/features/osm/server/scheduled";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { answer, node } from "./helpers";

/** One stand-in for both outside services: Overpass (POST) and Nominatim's reverse lookup (GET). */
let server: Server;
let base: string;
const calls = { overpass: 0, nominatim: 0 };
let failNext = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.method === "POST" && failNext) {
        failNext = false;
        response.writeHead(504).end();
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      if (request.method === "POST") {
        calls.overpass++;
        response.end(JSON.stringify(answer(node(5001), node(5002))));
      } else {
        calls.nominatim++;
        const query = new URL(request.url ?? "/", "http://x").searchParams;
        response.end(JSON.stringify({ display_name: `Знайдена адреса ${query.get("lat")}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setEnv({ OSM_OVERPASS_URL: `${base}/api/interpreter`, NOMINATIM_URL: base, NOMINATIM_MIN_INTERVAL_MS: "0" });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  setEnv({
    OSM_OVERPASS_URL: undefined,
    NOMINATIM_URL: undefined,
    NOMINATIM_MIN_INTERVAL_MS: undefined,
    OSM_IMPORT_JOB: undefined,
  });
});

describe("the weekly job", () => {
  it("does nothing in development and tests unless OSM_IMPORT_JOB turns it on", async () => {
    setEnv({ OSM_IMPORT_JOB: undefined, OSM_GEOCODE_PER_RUN: "0" });
    expect(await scheduledOsmImport()).toBeNull();
    setEnv({ OSM_IMPORT_JOB: "off" });
    expect(await scheduledOsmImport()).toBeNull();
    expect(calls.overpass).toBe(0);

    setEnv({ OSM_IMPORT_JOB: "on" });
    expect(await scheduledOsmImport()).toMatchObject({ added: 2 });
    expect(calls.overpass).toBe(1);
    const prisma = await getPrisma();
    expect(await prisma.osmImportRun.findFirst({ orderBy: { startedAt: "desc" } })).toMatchObject({
      trigger: "job",
      status: "succeeded",
    });

    // The next hours' ticks wait for the week; a week on, it imports again.
    expect(await scheduledOsmImport()).toBeNull();
    expect(calls.overpass).toBe(1);
    expect(await scheduledOsmImport(new Date(Date.now() + 7 * 24 * 60 * 60_000 + 1000))).toMatchObject({
      added: 0,
      updated: 0,
    });
    expect(calls.overpass).toBe(2);
  });

  it("tries again at the next tick after a failed import, not a week later", async () => {
    setEnv({ OSM_IMPORT_JOB: "on", OSM_GEOCODE_PER_RUN: "0" });
    const prisma = await getPrisma();
    await prisma.osmImportRun.deleteMany();
    failNext = true;
    await expect(scheduledOsmImport()).rejects.toThrow();
    expect(await prisma.osmImportRun.findFirst({ orderBy: { startedAt: "desc" } })).toMatchObject({ status: "failed" });
    expect(await scheduledOsmImport()).toMatchObject({ added: 0, updated: 0 });
  });
});

describe("addresses OSM does not give", () => {
  it("are looked up after the import, at most OSM_GEOCODE_PER_RUN a run, the rest the next run", async () => {
    setEnv({ OSM_GEOCODE_PER_RUN: "1" });
    const prisma = await getPrisma();
    const body = answer(
      node(5001),
      node(5002),
      node(5101, {}, 50.1, 30.1),
      node(5102, { "addr:city": "Біла Церква" }, 49.8, 30.1),
      node(5103, { "addr:street": "вулиця Січових Стрільців", "addr:housenumber": "3" }, 49.7, 30.1),
    );
    const lookedUp = calls.nominatim;
    await importOverpass(body, { trigger: "cli", origin: "test" });
    const addresses = async () =>
      Object.fromEntries(
        (
          await prisma.osmPlace.findMany({
            where: { osmId: { in: [5001n, 5002n, 5101n, 5102n, 5103n] } },
            select: { osmId: true, service: { select: { address: true } } },
          })
        ).map((place) => [String(place.osmId), place.service?.address]),
      );
    const first = await addresses();
    expect(calls.nominatim - lookedUp).toBe(1);
    expect(Object.values(first).filter((address) => address?.startsWith("Знайдена адреса"))).toHaveLength(1);
    expect(first["5103"]).toBe("вул. Січових Стрільців, 3");

    await importOverpass(body, { trigger: "cli", origin: "test" });
    await importOverpass(body, { trigger: "cli", origin: "test" });
    await importOverpass(body, { trigger: "cli", origin: "test" });
    const later = await addresses();
    // 5001, 5002, 5101 (coordinates) and 5102 (a bare city) each found one; a street address is never looked up.
    expect(Object.values(later).filter((address) => address?.startsWith("Знайдена адреса"))).toHaveLength(4);
    expect(later["5103"]).toBe("вул. Січових Стрільців, 3");
    // A place looked up is not looked up again; an unchanged import does not undo it.
    await importOverpass(body, { trigger: "cli", origin: "test" });
    expect(await addresses()).toEqual(later);
    // 5001 and 5002 stand at one point: the second is answered from the geocoder's cache.
    expect(calls.nominatim - lookedUp).toBe(3);
  });
});
