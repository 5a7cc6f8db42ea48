import { beforeAll, describe, expect, it } from "vitest";

import { GET as securityEventsRoute } from "@/app/api/etc/admin/security-events/route";
import { listSecurityEvents, startOfDayIn } from "@/features/admin/server/security-events";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { apiRequest, call } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * The admin's view of the security log: newest first, filters (kind, account by id or e-mail,
 * address, days on Kyiv's clock) that combine, pages, and nobody but an admin reads it.
 */
let adminCookie = "";
let userCookie = "";
let alice = { id: "", email: "" };
let bob = { id: "", email: "" };

// 23:30 on 10 March and 00:30 on 11 March in Kyiv (UTC+2 in winter).
const LATE_ON_10TH = new Date("2026-03-10T21:30:00Z");
const EARLY_ON_11TH = new Date("2026-03-10T22:30:00Z");
const ON_12TH = new Date("2026-03-12T10:00:00Z");

beforeAll(async () => {
  const admin = await makeUser({ isAdmin: true });
  adminCookie = await signIn(admin.email);
  userCookie = await signIn((await makeUser()).email);
  alice = await makeUser({ email: `alice-${Date.now()}@log.test` });
  bob = await makeUser({ email: `bob-${Date.now()}@log.test` });
  const prisma = await getPrisma();
  await prisma.securityEvent.createMany({
    data: [
      { kind: "signIn.failed", userId: alice.id, ip: "198.51.100.7", at: LATE_ON_10TH, status: 401 },
      { kind: "signIn.succeeded", userId: alice.id, ip: "198.51.100.7", at: EARLY_ON_11TH },
      { kind: "signIn.failed", userId: bob.id, ip: "203.0.113.9", at: EARLY_ON_11TH, status: 401 },
      { kind: "password.changed", userId: bob.id, ip: "203.0.113.9", at: ON_12TH },
      { kind: "webhook.forged", userId: null, ip: "198.51.100.7", at: ON_12TH, status: 401 },
    ],
  });
});

async function list(query: Record<string, string>, cookie = adminCookie) {
  const response = await call(
    securityEventsRoute,
    apiRequest("GET", `/api/etc/admin/security-events?${new URLSearchParams(query)}`, { cookie }),
  );
  return { status: response.status, body: await response.json() };
}

/** The rows of the seeded accounts and addresses, as "kind@ip" newest first. */
const seeded = (events: { kind: string; ip: string }[]) =>
  events
    .filter((event) => ["198.51.100.7", "203.0.113.9"].includes(event.ip))
    .map((event) => `${event.kind}@${event.ip}`);

describe("GET /api/etc/admin/security-events", () => {
  it("lists newest first, with the account's e-mail, to admins", async () => {
    const { status, body } = await list({ from: "2026-03-10", to: "2026-03-12" });
    expect(status).toBe(200);
    expect(seeded(body.events)).toEqual([
      "webhook.forged@198.51.100.7",
      "password.changed@203.0.113.9",
      expect.stringMatching(/^signIn\.(succeeded@198|failed@203)/),
      expect.stringMatching(/^signIn\.(succeeded@198|failed@203)/),
      "signIn.failed@198.51.100.7",
    ]);
    expect(body.events[0]).toMatchObject({ kind: "webhook.forged", userId: null, userEmail: null, status: 401 });
    expect(body.events[1]).toMatchObject({ userId: bob.id, userEmail: bob.email });
    expect(body).toMatchObject({ page: 1, pages: 1 });
  });

  it("filters combine: kind, account (by e-mail part or by id), address and days on Kyiv's clock", async () => {
    expect(seeded((await list({ kind: "signIn.failed" })).body.events)).toEqual([
      "signIn.failed@203.0.113.9",
      "signIn.failed@198.51.100.7",
    ]);
    expect(seeded((await list({ kind: "signIn.failed", account: "alice-" })).body.events)).toEqual([
      "signIn.failed@198.51.100.7",
    ]);
    expect(seeded((await list({ account: bob.id })).body.events)).toEqual([
      "password.changed@203.0.113.9",
      "signIn.failed@203.0.113.9",
    ]);
    expect(seeded((await list({ ip: "198.51.100.7", from: "2026-03-11", to: "2026-03-12" })).body.events)).toEqual([
      "webhook.forged@198.51.100.7",
      "signIn.succeeded@198.51.100.7",
    ]);
    // 23:30 in Kyiv is still the 10th, although it is 21:30 UTC; 00:30 is the 11th.
    expect(seeded((await list({ from: "2026-03-10", to: "2026-03-10" })).body.events)).toEqual([
      "signIn.failed@198.51.100.7",
    ]);
    expect((await list({ account: "nobody-at-all" })).body.events).toEqual([]);
    // Empty fields, as the page's form and its address hand them over, filter nothing.
    const blank = await list({ kind: "", account: "", ip: "", from: "", to: "", page: "" });
    expect(blank.status).toBe(200);
    expect(seeded(blank.body.events)).toHaveLength(5);
  });

  it("bad filters are translated 400s on their field", async () => {
    for (const [query, field, key] of [
      [{ kind: "everything" }, "kind", "SecurityLog.invalidKind"],
      [{ from: "2026-02-30" }, "from", "SecurityLog.invalidDate"],
      [{ to: "yesterday" }, "to", "SecurityLog.invalidDate"],
      [{ from: "2026-03-12", to: "2026-03-10" }, "to", "SecurityLog.invalidRange"],
      [{ ip: "1.2.3.4; DROP" }, "ip", "SecurityLog.invalidAddress"],
      [{ page: "0" }, "page", "Validation.page"],
      [{ page: "999" }, "page", "Validation.pageOutOfRange"],
    ] as const) {
      const { status, body } = await list(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.errors[field].key, JSON.stringify(query)).toBe(key);
    }
  });

  it("refuses visitors (401) and signed-in non-admins (403)", async () => {
    expect((await list({}, "")).status).toBe(401);
    expect((await list({}, userCookie)).status).toBe(403);
    await expect(listSecurityEvents(null, {})).rejects.toMatchObject({ status: 401 });
  });
});

describe("startOfDayIn", () => {
  it("is local midnight, in winter and in summer time", () => {
    expect(startOfDayIn("2026-03-11", "Europe/Kyiv").toISOString()).toBe("2026-03-10T22:00:00.000Z");
    expect(startOfDayIn("2026-07-01", "Europe/Kyiv").toISOString()).toBe("2026-06-30T21:00:00.000Z");
    expect(startOfDayIn("2026-03-29", "Europe/Kyiv").toISOString()).toBe("2026-03-28T22:00:00.000Z");
    expect(startOfDayIn("2026-03-30", "Europe/Kyiv").toISOString()).toBe("2026-03-29T21:00:00.000Z");
  });
});
