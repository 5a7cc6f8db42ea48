import { beforeAll, describe, expect, it } from "vitest";

import { POST as eventRoute } from "@/app/api/items/[id]/events/route";
import { GET as statsRoute } from "@/app/api/items/users/[id]/stats/route";
import { purgeExpired } from "@/features/admin/server/retention";
import { recordEvent } from "@/features/stats/server/service-stats";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36";
const cookies = {} as Record<"owner" | "stranger" | "admin", string>;
let serviceId = "";
let ip = 0;
const event = (kind: unknown, address: string, userAgent = BROWSER, id = serviceId) =>
  call(
    eventRoute,
    makeRequest(`/api/items/${id}/events`, {
      method: "POST",
      headers: { "x-forwarded-for": address, "user-agent": userAgent },
      body: JSON.stringify({ kind }),
    }),
    params({ id }),
  );
const stats = (cookie?: string, query = "") =>
  call(
    statsRoute,
    makeRequest(`/api/items/users/${serviceId}/stats${query}`, { headers: cookie ? { cookie } : {} }),
    params({ id: serviceId }),
  );

beforeAll(async () => {
  const owner = await makeUser();
  cookies.owner = await signIn(owner.email, `10.24.0.${++ip}`);
  for (const role of ["stranger", "admin"] as const)
    cookies[role] = await signIn((await makeUser({ isAdmin: role === "admin" })).email, `10.24.0.${++ip}`);
  serviceId = (await makeService({ name: "Counted Station", ownerId: owner.id })).id;
});

describe("POST /api/items/{id}/events", () => {
  it("counts each kind once per visitor and day; another visitor counts again; bots not at all", async () => {
    for (const kind of ["view", "call", "directions", "messenger", "save"])
      expect((await event(kind, "10.24.1.1")).status).toBe(204);
    expect((await event("view", "10.24.1.1")).status).toBe(204);
    expect((await event("view", "10.24.1.2")).status).toBe(204);
    expect((await event("view", "10.24.1.3", "Googlebot/2.1 (+http://www.google.com/bot.html)")).status).toBe(204);
    expect((await event("view", "10.24.1.4", "")).status).toBe(204);
    const { totals, days } = await (await stats(cookies.owner)).json();
    expect(totals).toEqual({ view: 2, call: 1, directions: 1, messenger: 1, save: 1 });
    expect(days).toHaveLength(30);
    expect(days.at(-1).counts.view).toBe(2);
  });

  it("refuses an unknown kind (400), an unknown or unpublished service (404)", async () => {
    expect((await event("like", "10.24.2.1")).status).toBe(400);
    expect((await event("view", "10.24.2.1", BROWSER, "01a20818-0000-7000-8000-00000000dead")).status).toBe(404);
    const unpaid = (await makeService({ isPaid: false })).id;
    expect((await event("view", "10.24.2.1", BROWSER, unpaid)).status).toBe(404);
  });

  it("counts on the service's own day, and keeps no address", async () => {
    const prisma = await getPrisma();
    // 23:30 UTC on 1 November is already 2 November in Kyiv.
    await recordEvent(
      serviceId,
      { kind: "call" },
      { address: "10.24.3.1", userAgent: BROWSER },
      new Date("2026-11-01T23:30:00Z"),
    );
    const row = await prisma.serviceStat.findFirstOrThrow({
      where: { serviceId, kind: "call", day: new Date("2026-11-02T00:00:00Z") },
    });
    expect(row.count).toBe(1);
    const marks = await prisma.statMark.findMany();
    expect(marks.every((mark) => /^[0-9a-f]{64}$/.test(mark.hash))).toBe(true);
    // The marks go once their day is over; the counts stay.
    await purgeExpired(new Date("2026-11-05T00:00:00Z"));
    expect(await prisma.statMark.count({ where: { expiresAt: { lte: new Date("2026-11-05T00:00:00Z") } } })).toBe(0);
    expect(await prisma.serviceStat.count({ where: { serviceId } })).toBeGreaterThan(0);
  });

  it("two instances counting the same visitor at once count once", async () => {
    const prisma = await getPrisma();
    const at = new Date("2026-11-10T10:00:00Z");
    await Promise.all(
      Array.from({ length: 5 }, () =>
        recordEvent(serviceId, { kind: "save" }, { address: "10.24.4.1", userAgent: BROWSER }, at),
      ),
    );
    const row = await prisma.serviceStat.findFirstOrThrow({
      where: { serviceId, kind: "save", day: new Date("2026-11-10T00:00:00Z") },
    });
    expect(row.count).toBe(1);
  });
});

describe("what a visitor can do to the counts", () => {
  it("a visitor counts once a day whatever browser string they send", async () => {
    const prisma = await getPrisma();
    const at = new Date("2026-12-01T10:00:00Z");
    for (let i = 0; i < 5; i++)
      await recordEvent(serviceId, { kind: "call" }, { address: "10.24.6.1", userAgent: `${BROWSER} v${i}` }, at);
    const row = await prisma.serviceStat.findFirstOrThrow({
      where: { serviceId, kind: "call", day: new Date("2026-12-01T00:00:00Z") },
    });
    expect(row.count).toBe(1);
    // The next day, and another address, count again.
    await recordEvent(
      serviceId,
      { kind: "call" },
      { address: "10.24.6.1", userAgent: BROWSER },
      new Date("2026-12-02T10:00:00Z"),
    );
    await recordEvent(serviceId, { kind: "call" }, { address: "10.24.6.2", userAgent: BROWSER }, at);
    expect(
      (
        await prisma.serviceStat.findFirstOrThrow({
          where: { serviceId, kind: "call", day: new Date("2026-12-01T00:00:00Z") },
        })
      ).count,
    ).toBe(2);
  });

  it("one address is limited to 300 events an hour; past that nothing counts, and the answer is still 204", async () => {
    const counted = [];
    for (let day = 0; day < 305; day++)
      counted.push(
        await recordEvent(
          serviceId,
          { kind: "messenger" },
          { address: "10.24.7.1", userAgent: BROWSER },
          new Date(Date.UTC(2027, 0, 1 + day, 10)),
        ),
      );
    expect(counted.filter(Boolean)).toHaveLength(300);
    expect(counted.slice(300)).toEqual([false, false, false, false, false]);
    expect((await event("save", "10.24.7.1")).status).toBe(204);
    expect((await event("save", "10.24.7.2")).status).toBe(204);
    const prisma = await getPrisma();
    const today = await prisma.serviceStat.findMany({ where: { serviceId, kind: "save" } });
    // Only the other address's save counted today (the first test's visitor saved on its own day).
    expect(today.reduce((sum, row) => sum + row.count, 0)).toBe(3);
  });
});

describe("GET /api/items/users/{id}/stats", () => {
  it("answers the owner and admins; others 403, visitors 401; bad days 400", async () => {
    expect((await stats(cookies.admin)).status).toBe(200);
    expect((await stats(cookies.stranger)).status).toBe(403);
    expect((await stats()).status).toBe(401);
    expect((await stats(cookies.owner, "?days=3")).status).toBe(400);
    expect((await (await stats(cookies.owner, "?days=7")).json()).days).toHaveLength(7);
  });
});
