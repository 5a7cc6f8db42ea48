import { beforeAll, describe, expect, it } from "vitest";

import { GET as publicService } from "@/app/api/items/[id]/route";
import { GET as listItems } from "@/app/api/items/route";
import { GET as getSpecial, PUT as putSpecial } from "@/app/api/items/users/[id]/special-hours/route";
import { DELETE as clearStatus, PUT as putStatus } from "@/app/api/items/users/[id]/status/route";
import { sitemapUrls } from "@/features/catalog/server/sitemap";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const request = (method: string, path: string, body?: unknown, cookie?: string, language?: string) =>
  makeRequest(path, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(language ? { "accept-language": language } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

const cookies = {} as Record<"owner" | "stranger" | "admin" | "blocked", string>;
let serviceId = "";
let ip = 0;

beforeAll(async () => {
  const owner = await makeUser();
  serviceId = (await makeService({ name: "Exceptions Station", ownerId: owner.id })).id;
  cookies.owner = await signIn(owner.email, `10.19.0.${++ip}`);
  for (const role of ["stranger", "admin", "blocked"] as const) {
    const user = await makeUser({ isAdmin: role === "admin" });
    cookies[role] = await signIn(user.email, `10.19.0.${++ip}`);
    if (role === "blocked")
      await (await getPrisma()).user.update({ where: { id: user.id }, data: { isBlocked: true } });
  }
});

const status = (body: unknown, cookie?: string, id = serviceId, language?: string) =>
  call(putStatus, request("PUT", `/api/items/users/${id}/status`, body, cookie, language), params({ id }));
const special = (body: unknown, cookie?: string, language?: string) =>
  call(
    putSpecial,
    request("PUT", `/api/items/users/${serviceId}/special-hours`, body, cookie, language),
    params({ id: serviceId }),
  );
const publicItem = async () =>
  (await call(publicService, request("GET", `/api/items/${serviceId}`), params({ id: serviceId }))).json();

describe("PUT/DELETE /api/items/users/{id}/status", () => {
  it("the owner sets a status in one call: it lasts 6 hours, decides open now and shows on the item and in the list", async () => {
    const before = Date.now();
    const response = await status({ state: "air_alert" }, cookies.owner);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ state: "air_alert", note: "" });
    expect(Date.parse(body.until) - Date.parse(body.updatedAt)).toBe(6 * 3_600_000);
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    const item = await publicItem();
    expect(item).toMatchObject({ openNow: false, liveStatus: { state: "air_alert", until: body.until } });
    const open = await (await call(listItems, request("GET", "/api/items?keyword=Exceptions&open=true"))).json();
    expect(open.items).toEqual([]);

    await status({ state: "generator", note: "Генератор, лише готівка" }, cookies.owner);
    expect(await publicItem()).toMatchObject({
      openNow: true,
      liveStatus: { state: "generator", note: "Генератор, лише готівка" },
    });
    const listed = await (await call(listItems, request("GET", "/api/items?keyword=Exceptions&open=true"))).json();
    expect(listed.items.map((item: { _id: string }) => item._id)).toEqual([serviceId]);
  });

  it("an admin may set and clear it; strangers get 403, visitors and blocked users 401, unknown ids 404", async () => {
    expect((await status({ state: "open" }, cookies.admin)).status).toBe(200);
    expect((await status({ state: "open" }, cookies.stranger)).status).toBe(403);
    expect((await status({ state: "open" })).status).toBe(401);
    expect((await status({ state: "open" }, cookies.blocked)).status).toBe(401);
    expect((await status({ state: "open" }, cookies.owner, "01a20818-0000-7000-8000-00000000dead")).status).toBe(404);
    expect(
      (
        await call(
          clearStatus,
          request("DELETE", `/api/items/users/${serviceId}/status`, undefined, cookies.stranger),
          params({ id: serviceId }),
        )
      ).status,
    ).toBe(403);
    const cleared = await call(
      clearStatus,
      request("DELETE", `/api/items/users/${serviceId}/status`, undefined, cookies.owner),
      params({ id: serviceId }),
    );
    expect(await cleared.json()).toEqual({ status: null });
    expect((await publicItem()).liveStatus).toBeNull();
  });

  it.each([
    [{ state: "party" }, "state", "Choose one of the statuses."],
    [{ state: "closed" }, "note", "Say why it is closed."],
    [{ state: "open", note: "x".repeat(141) }, "note", "The note can be at most 140 characters."],
    [{ state: "open", until: "tomorrow" }, "until", "The status can last from now up to 24 hours."],
    [
      { state: "open", until: new Date(Date.now() - 60_000).toISOString() },
      "until",
      "The status can last from now up to 24 hours.",
    ],
    [
      { state: "open", until: new Date(Date.now() + 25 * 3_600_000).toISOString() },
      "until",
      "The status can last from now up to 24 hours.",
    ],
  ])("refuses %j with a translated 400 on %s", async (body, field, message) => {
    const response = await status(body, cookies.owner);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(Object.keys(answer.errors)).toEqual([field]);
    expect(answer.errors[field].message).toBe(message);
  });

  it("answers in Ukrainian and refuses a body that is not JSON with 400", async () => {
    const answer = await (await status({ state: "closed" }, cookies.owner, serviceId, "uk")).json();
    expect(answer.errors.note.message).toBe("Вкажіть, чому зачинено.");
    expect((await status("{not json", cookies.owner)).status).toBe(400);
  });

  it("a number of hours counts on the server's clock", async () => {
    const before = Date.now();
    const body = await (await status({ state: "open", hours: 3 }, cookies.owner)).json();
    expect(Date.parse(body.until) - Date.parse(body.updatedAt)).toBe(3 * 3_600_000);
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await status({ state: "open", hours: 25 }, cookies.owner)).status).toBe(400);
    expect((await status({ state: "open", hours: 0.5 }, cookies.owner)).status).toBe(400);
  });

  it("a chosen end within the day is kept", async () => {
    const until = new Date(Date.now() + 2 * 3_600_000);
    const body = await (await status({ state: "no_power", until: until.toISOString() }, cookies.owner)).json();
    expect(body.until).toBe(until.toISOString());
    expect((await publicItem()).openNow).toBe(false);
    await call(
      clearStatus,
      request("DELETE", `/api/items/users/${serviceId}/status`, undefined, cookies.owner),
      params({ id: serviceId }),
    );
  });
});

describe("GET/PUT /api/items/users/{id}/special-hours", () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it("the owner replaces the list; the page, JSON and sitemap follow; past entries are dropped", async () => {
    const lastChange = async () =>
      (await sitemapUrls(0))!.find((entry) => entry.url.endsWith(`/service/${serviceId}`))!.lastModified!.getTime();
    const before = await lastChange();
    const entries = [
      { startsOn: inDays(10), endsOn: inDays(10), closed: true, holiday: "christmas" },
      {
        startsOn: inDays(3),
        endsOn: inDays(3),
        closed: false,
        opening: "10:00",
        closing: "14:00",
        reason: "Short day",
      },
      { startsOn: inDays(20), endsOn: inDays(34), closed: true, reason: "Renovation" },
      { startsOn: "2020-01-01", endsOn: "2020-01-02", closed: true },
    ];
    const response = await special({ entries }, cookies.owner);
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved).toEqual([
      {
        startsOn: inDays(3),
        endsOn: inDays(3),
        closed: false,
        opensAt: 600,
        closesAt: 840,
        reason: "Short day",
        holiday: null,
      },
      {
        startsOn: inDays(10),
        endsOn: inDays(10),
        closed: true,
        opensAt: 540,
        closesAt: 1080,
        reason: "",
        holiday: "christmas",
      },
      {
        startsOn: inDays(20),
        endsOn: inDays(34),
        closed: true,
        opensAt: 540,
        closesAt: 1080,
        reason: "Renovation",
        holiday: null,
      },
    ]);
    expect(
      await (
        await call(
          getSpecial,
          request("GET", `/api/items/users/${serviceId}/special-hours`, undefined, cookies.owner),
          params({ id: serviceId }),
        )
      ).json(),
    ).toEqual(saved);
    expect((await publicItem()).specialHours).toEqual(saved);
    expect(await lastChange()).toBeGreaterThan(before);
  });

  it("admins may, strangers 403, visitors 401", async () => {
    expect((await special({ entries: [] }, cookies.admin)).status).toBe(200);
    expect((await special({ entries: [] }, cookies.stranger)).status).toBe(403);
    expect((await special({ entries: [] })).status).toBe(401);
    expect(
      (
        await call(
          getSpecial,
          request("GET", `/api/items/users/${serviceId}/special-hours`, undefined, cookies.stranger),
          params({ id: serviceId }),
        )
      ).status,
    ).toBe(403);
  });

  it.each([
    [
      { entries: [{ startsOn: "2026-02-30", endsOn: "2026-02-30", closed: true }] },
      "entries.0.startsOn",
      "Enter a real date.",
    ],
    [
      { entries: [{ startsOn: "2027-01-05", endsOn: "2027-01-04", closed: true }] },
      "entries.0.endsOn",
      "The last day cannot come before the first.",
    ],
    [
      { entries: [{ startsOn: "2027-01-01", endsOn: "2027-12-31", closed: true }] },
      "entries.0.endsOn",
      "A closure can last at most 180 days.",
    ],
    [
      {
        entries: [{ startsOn: "2027-01-04", endsOn: "2027-01-04", closed: false, opening: "14:00", closing: "10:00" }],
      },
      "entries.0.closing",
      undefined,
    ],
    [
      {
        entries: [
          { startsOn: "2027-01-04", endsOn: "2027-01-06", closed: true },
          { startsOn: "2027-01-06", endsOn: "2027-01-06", closed: true },
        ],
      },
      "entries.1.startsOn",
      "These dates overlap another entry.",
    ],
    [
      {
        entries: Array.from({ length: 41 }, (_, index) => ({
          startsOn: `2027-02-${String((index % 28) + 1).padStart(2, "0")}`,
          endsOn: `2027-02-${String((index % 28) + 1).padStart(2, "0")}`,
          closed: true,
        })),
      },
      "entries",
      "At most 40 dates.",
    ],
    [{ entries: "soon" }, "entries", undefined],
  ])("refuses a bad list with 400 and keeps the old one (%#)", async (body, field, message) => {
    await special({ entries: [{ startsOn: inDays(5), endsOn: inDays(5), closed: true }] }, cookies.owner);
    const response = await special(body, cookies.owner);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(Object.keys(answer.errors)).toContain(field);
    if (message) expect(answer.errors[field].message).toBe(message);
    expect((await publicItem()).specialHours.map((entry: { startsOn: string }) => entry.startsOn)).toEqual([inDays(5)]);
  });
});
