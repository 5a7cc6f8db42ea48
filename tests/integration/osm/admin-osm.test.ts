import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as lastRunRoute, POST as startRoute } from "@/app/api/items/admin/osm-import/route";
import { PUT as linkRoute } from "@/app/api/items/admin/osm-places/[id]/route";
import { GET as linksRoute } from "@/app/api/items/admin/osm-places/route";
import { osmImportSettled } from "@/features/osm/server/admin-osm";
import { importOverpass } from "@/features/osm/server/run";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeService, makeUser } from "../../helpers/factories";
import { apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";
import { answer, node } from "./helpers";

const cookies: Record<"admin" | "user" | "owner" | "mechanic", string> = {
  admin: "",
  user: "",
  owner: "",
  mechanic: "",
};
/** The stand-in Overpass server holds its answer until `release` is called. */
let held: ServerResponse[] = [];
let server: Server;

function release(body: unknown) {
  for (const response of held) {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  }
  held = [];
}

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => held.push(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  setEnv({
    OSM_GEOCODE_PER_RUN: "0",
    OSM_OVERPASS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/interpreter`,
  });
  const [admin, user, owner, mechanic] = await Promise.all([
    makeUser({ isAdmin: true }),
    makeUser(),
    makeUser(),
    makeUser(),
  ]);
  await makeService({ ownerId: owner.id });
  await makeService({ ownerId: mechanic.id, role: "mechanic" });
  cookies.admin = await signIn(admin.email);
  cookies.user = await signIn(user.email);
  cookies.owner = await signIn(owner.email);
  cookies.mechanic = await signIn(mechanic.email);
});

afterAll(async () => {
  release(answer());
  await osmImportSettled();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  setEnv({ OSM_OVERPASS_URL: undefined });
});

const start = (cookie?: string) => call(startRoute, apiRequest("POST", "/api/items/admin/osm-import", { cookie }));
const lastRun = (cookie?: string) => call(lastRunRoute, apiRequest("GET", "/api/items/admin/osm-import", { cookie }));

describe("POST /api/items/admin/osm-import", () => {
  it("is for admins only: 401 signed out, 403 for a user, an owner and a mechanic", async () => {
    expect((await start()).status).toBe(401);
    expect((await lastRun()).status).toBe(401);
    for (const role of ["user", "owner", "mechanic"] as const) {
      expect((await start(cookies[role])).status, role).toBe(403);
      expect((await lastRun(cookies[role])).status, role).toBe(403);
    }
    const prisma = await getPrisma();
    expect(await prisma.osmImportRun.count()).toBe(0);
  });

  it("answers 202 with the run at once, refuses a second start with a translated 409, and records the run", async () => {
    const first = await start(cookies.admin);
    expect(first.status).toBe(202);
    const { runId } = (await first.json()) as { runId: string };
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);

    const running = await lastRun(cookies.admin);
    expect(((await running.json()) as { run: { id: string; status: string } }).run).toMatchObject({
      id: runId,
      status: "running",
      trigger: "admin",
    });

    const second = await call(
      startRoute,
      apiRequest("POST", "/api/items/admin/osm-import", {
        cookie: cookies.admin,
        headers: { "accept-language": "uk" },
      }),
    );
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe(
      "Імпорт уже триває. Дочекайтеся, поки він завершиться.",
    );

    // Wait until the background run has asked the stand-in, then let it answer.
    for (let tries = 0; held.length === 0 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 50));
    release(answer(node(8001), node(8002)));
    await osmImportSettled();
    const done = (await (await lastRun(cookies.admin)).json()) as { run: Record<string, unknown> };
    expect(done.run).toMatchObject({ id: runId, status: "succeeded", trigger: "admin", added: 2, error: null });
    expect(done.run.finishedAt).toEqual(expect.any(String));
  });

  it("shows a sliver of an answer as a refused run with what it was held against, and hides nothing", async () => {
    const prisma = await getPrisma();
    const shown = await prisma.osmPlace.count({ where: { hiddenAt: null } });
    expect(shown).toBeGreaterThanOrEqual(2);
    const { runId } = (await (await start(cookies.admin)).json()) as { runId: string };
    for (let tries = 0; held.length === 0 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 50));
    // Overpass answering with nothing at all (a bad day), twice: never read as every place closing.
    release(answer());
    await osmImportSettled();
    const refused = (await (await lastRun(cookies.admin)).json()) as { run: Record<string, unknown> };
    expect(refused.run).toMatchObject({ id: runId, status: "refused", elements: 0, seenBefore: shown, hidden: 0 });
    expect(refused.run.error).toMatch(/under half/);
    await start(cookies.admin);
    for (let tries = 0; held.length === 0 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 50));
    release(answer());
    await osmImportSettled();
    expect(await prisma.osmPlace.count({ where: { hiddenAt: null, missedRuns: 0 } })).toBe(shown);
  });
});

describe("PUT /api/items/admin/osm-places/{id}", () => {
  it("separates a linked place (its listing made and shown) and links it again by hand; only admins", async () => {
    const station = await makeService({ name: "СТО Вектор", lat: 49.0, lng: 32.0 });
    await importOverpass(answer(node(8001), node(8002), node(8101, { name: "Вектор" }, 49.0002, 32.0)), {
      trigger: "cli",
      origin: "test",
      geocode: 0,
    });
    const prisma = await getPrisma();
    const place = await prisma.osmPlace.findFirstOrThrow({ where: { osmId: 8101n } });
    expect(place).toMatchObject({ duplicateOfId: station.id, serviceId: null });

    const links = (await (
      await call(linksRoute, apiRequest("GET", "/api/items/admin/osm-places", { cookie: cookies.admin }))
    ).json()) as { places: { id: string; osm: string; duplicateOf: { id: string } | null }[] };
    expect(links.places).toContainEqual(
      expect.objectContaining({
        id: place.id,
        osm: "node/8101",
        duplicateOf: expect.objectContaining({ id: station.id }),
      }),
    );

    const put = (body: unknown, cookie?: string) =>
      call(
        linkRoute,
        apiRequest("PUT", `/api/items/admin/osm-places/${place.id}`, { body, cookie }),
        params({ id: place.id }),
      );
    expect((await put({ link: null })).status).toBe(401);
    expect((await put({ link: null }, cookies.owner)).status).toBe(403);
    expect((await put({ link: "not-an-id" }, cookies.admin)).status).toBe(400);

    expect((await put({ link: null }, cookies.admin)).status).toBe(200);
    const separated = await prisma.osmPlace.findUniqueOrThrow({ where: { id: place.id }, include: { service: true } });
    expect(separated).toMatchObject({ duplicateOfId: null, linkDecision: "separate" });
    expect(separated.service).toMatchObject({ name: "Вектор", source: "osm", claimed: false, hiddenAt: null });

    // A later import keeps the admin's word.
    await importOverpass(
      answer(node(8001), node(8002), node(8101, { name: "Вектор", phone: "0441234567" }, 49.0002, 32.0)),
      {
        trigger: "cli",
        origin: "test",
        geocode: 0,
      },
    );
    expect(await prisma.osmPlace.findUniqueOrThrow({ where: { id: place.id } })).toMatchObject({
      duplicateOfId: null,
      linkDecision: "separate",
    });

    // Only to an owner's published station.
    expect((await put({ link: separated.serviceId }, cookies.admin)).status).toBe(400);
    expect((await put({ link: station.id }, cookies.admin)).status).toBe(200);
    const linked = await prisma.osmPlace.findUniqueOrThrow({ where: { id: place.id }, include: { service: true } });
    expect(linked).toMatchObject({ duplicateOfId: station.id, linkDecision: "linked" });
    expect(linked.service?.hiddenAt).toBeInstanceOf(Date);
  });
});
