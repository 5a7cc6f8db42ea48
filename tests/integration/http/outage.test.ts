import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as healthRoute } from "@/app/api/health/route";
import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { GET as itemRoute } from "@/app/api/items/[id]/route";
import { GET as itemsRoute } from "@/app/api/items/route";
import { closeDatabase, getPrisma } from "@/lib/db/client";
import { databaseOutageActive } from "@/lib/db/outage";

import { setEnv } from "../../helpers/env";
import { makeService, makeUser } from "../../helpers/factories";
import { startFaultProxy, type FaultProxy } from "../../helpers/fault-proxy";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * The database going away under a running app (a PostgreSQL restart, a network cut): requests
 * are answered 503 with Retry-After and a translated message, not 500 and not a hang, nothing is
 * written, the outage window that turns pages away in proxy.ts opens, and the app serves again by
 * itself once the server is back. Needs a PostgreSQL server:
 * the embedded database lives inside the process and cannot go away.
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)("database outage (PostgreSQL)", () => {
  let directUrl = "";
  let proxy: FaultProxy;
  let serviceId = "";
  let cookie = "";

  beforeAll(async () => {
    directUrl = process.env.DATABASE_URL!;
    const direct = new URL(directUrl);
    const service = await makeService();
    serviceId = service.id;
    const user = await makeUser();
    proxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await closeDatabase();
    setEnv({ DATABASE_URL: Object.assign(new URL(direct), { host: `127.0.0.1:${proxy.port}` }).toString() });
    cookie = await signIn(user.email);
  });

  afterAll(async () => {
    await closeDatabase();
    setEnv({ DATABASE_URL: directUrl });
    await proxy?.close();
  });

  let question = 0;
  /** A list nobody asked for yet: never answered from the read cache. */
  const list = (lng = "en") => call(itemsRoute, makeRequest(`/api/items?lng=${lng}&keyword=outage${++question}`));
  const detail = () => call(itemRoute, makeRequest(`/api/items/${serviceId}`), params({ id: serviceId }));
  const review = (quality: number) =>
    call(
      reviewRoute,
      makeRequest(`/api/items/${serviceId}/reviews`, {
        method: "POST",
        headers: { cookie },
        body: JSON.stringify({ rating: { quality, speed: 4, price: 4 }, comment: "during the outage" }),
      }),
      params({ id: serviceId }),
    );
  const health = () => call(healthRoute, makeRequest("/api/health"));

  it("answers 503 while the server is away, then serves again without a restart of the app", async () => {
    const kept = () => call(itemsRoute, makeRequest("/api/items?keyword=kept"));
    expect((await kept()).status).toBe(200);
    expect((await list()).status).toBe(200);

    await proxy.cut();
    // What the read cache holds is still served; everything else needs the database.
    expect((await kept()).status).toBe(200);
    const english = await list();
    expect(english.status).toBe(503);
    expect(english.headers.get("retry-after")).toBe("5");
    expect(await english.json()).toEqual({
      key: "Api.unavailable",
      message: "The service is temporarily unavailable. Please try again shortly.",
    });
    const ukrainian = await list("ua");
    expect(ukrainian.status).toBe(503);
    expect((await ukrainian.json()).message).toBe("Сервіс тимчасово недоступний. Спробуйте трохи згодом.");
    expect(databaseOutageActive()).toBe(true);
    expect((await detail()).status).toBe(503);
    expect((await review(2)).status).toBe(503);
    expect((await health()).status).toBe(503);

    await proxy.restore();
    expect((await health()).status).toBe(200);
    expect((await list()).status).toBe(200);
    expect((await detail()).status).toBe(200);
    const prisma = await getPrisma();
    expect(await prisma.review.count({ where: { serviceId } })).toBe(0);
    expect((await review(5)).status).toBe(201);
    expect(await prisma.review.count({ where: { serviceId } })).toBe(1);
  });

  it("a cut during a burst of requests leaves only 503s and successes, and every success is stored", async () => {
    const prisma = await getPrisma();
    const people = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
    const cookies = await Promise.all(people.map((person) => signIn(person.email)));
    const target = await makeService();
    const send = (personCookie: string) =>
      call(
        reviewRoute,
        makeRequest(`/api/items/${target.id}/reviews`, {
          method: "POST",
          headers: { cookie: personCookie },
          body: JSON.stringify({ rating: { quality: 4, speed: 4, price: 4 } }),
        }),
        params({ id: target.id }),
      );
    const burst = Promise.all([...cookies.map(send), list(), detail()]);
    await proxy.cut();
    const statuses = (await burst).map((response) => response.status);
    await proxy.restore();
    // A pooled connection the cut broke fails its next query once (a 503 to a client); the app's
    // own health check goes first, as a client's retry would, before this test reads directly.
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);

    expect(statuses.every((status) => status === 200 || status === 201 || status === 503)).toBe(true);
    const stored = await prisma.review.count({ where: { serviceId: target.id } });
    expect(stored).toBe(statuses.slice(0, cookies.length).filter((status) => status === 201).length);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: target.id } })).numReviews).toBe(stored);
  });
});
