import { beforeAll, describe, expect, it } from "vitest";

import { POST as reportRoute } from "@/app/api/items/[id]/hours-reports/route";
import { GET as detailRoute } from "@/app/api/items/[id]/route";
import { DELETE as dismissRoute } from "@/app/api/items/admin/hours-reports/[id]/route";
import { GET as adminList } from "@/app/api/items/admin/hours-reports/route";
import { POST as confirmRoute } from "@/app/api/items/users/[id]/hours-confirmation/route";
import { PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { REMIND_AFTER_DAYS, remindStaleHours } from "@/features/hours/server/hours-freshness";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const DAY_MS = 86_400_000;
const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  makeRequest(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
const cookies = {} as Record<"owner" | "stranger" | "admin", string>;
let serviceId = "";
let ownerEmail = "";
let ip = 0;

beforeAll(async () => {
  const owner = await makeUser({ name: "Hours Owner" });
  ownerEmail = owner.email;
  serviceId = (await makeService({ name: "Freshness Station", ownerId: owner.id })).id;
  cookies.owner = await signIn(owner.email, `10.20.0.${++ip}`);
  for (const role of ["stranger", "admin"] as const)
    cookies[role] = await signIn((await makeUser({ isAdmin: role === "admin" })).email, `10.20.0.${++ip}`);
});

const report = (kind: unknown, address: string, cookie?: string, id = serviceId) =>
  call(
    reportRoute,
    request(
      "POST",
      `/api/items/${id}/hours-reports`,
      { kind },
      { "x-forwarded-for": address, ...(cookie ? { cookie } : {}) },
    ),
    params({ id }),
  );
const openReports = async () => (await getPrisma()).hoursReport.count({ where: { serviceId, resolvedAt: null } });

describe("visitors' one-tap hours reports", () => {
  it("anyone may report; the same person twice is one report; the listing does not change", async () => {
    const before = await (await getPrisma()).service.findUniqueOrThrow({ where: { id: serviceId } });
    expect((await report("wrong_hours", "10.20.1.1")).status).toBe(201);
    expect((await report("wrong_hours", "10.20.1.1")).status).toBe(201);
    expect((await report("wrong_hours", "10.20.1.2", cookies.stranger)).status).toBe(201);
    // The same account from another address is still the same reporter.
    expect((await report("wrong_hours", "10.20.1.3", cookies.stranger)).status).toBe(201);
    expect((await report("closed_permanently", "10.20.1.1")).status).toBe(201);
    expect(await openReports()).toBe(3);
    const after = await (await getPrisma()).service.findUniqueOrThrow({ where: { id: serviceId } });
    expect(after).toEqual(before);
  });

  it("refuses an unknown kind (400, translated), an unknown or unpublished service (404), and floods (429)", async () => {
    const bad = await report("rude", "10.20.2.1", undefined);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.kind.message).toBe("Choose what is wrong.");
    expect((await report("wrong_hours", "10.20.2.1", undefined, "01a20818-0000-7000-8000-00000000dead")).status).toBe(
      404,
    );
    expect((await report("wrong_hours", "10.20.2.1", undefined, "not-a-uuid")).status).toBe(404);
    const unpaid = (await makeService({ isPaid: false })).id;
    expect((await report("wrong_hours", "10.20.2.1", undefined, unpaid)).status).toBe(404);
    const statuses = [];
    for (let index = 0; index < 11; index++) statuses.push((await report("wrong_hours", "10.20.3.1")).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("admins list and dismiss; others may not", async () => {
    expect(
      (await call(adminList, request("GET", "/api/items/admin/hours-reports", undefined, { cookie: cookies.stranger })))
        .status,
    ).toBe(403);
    expect((await call(adminList, request("GET", "/api/items/admin/hours-reports"))).status).toBe(401);
    const rows = await (
      await call(adminList, request("GET", "/api/items/admin/hours-reports", undefined, { cookie: cookies.admin }))
    ).json();
    expect(rows.find((row: { serviceId: string }) => row.serviceId === serviceId)).toMatchObject({
      name: "Freshness Station",
      wrongHours: 3,
      closedPermanently: 1,
    });
    expect(
      (
        await call(
          dismissRoute,
          request("DELETE", `/api/items/admin/hours-reports/${serviceId}`, undefined, { cookie: cookies.owner }),
          params({ id: serviceId }),
        )
      ).status,
    ).toBe(403);
    const dismissed = await (
      await call(
        dismissRoute,
        request("DELETE", `/api/items/admin/hours-reports/${serviceId}`, undefined, { cookie: cookies.admin }),
        params({ id: serviceId }),
      )
    ).json();
    expect(dismissed).toEqual({ dismissed: 4 });
    expect(await openReports()).toBe(0);
  });
});

describe("confirming the hours", () => {
  const confirm = (cookie?: string) =>
    call(
      confirmRoute,
      request("POST", `/api/items/users/${serviceId}/hours-confirmation`, {}, cookie ? { cookie } : {}),
      params({ id: serviceId }),
    );

  it("the owner confirms in one call, which resolves 'hours wrong' but not 'closed permanently'", async () => {
    await report("wrong_hours", "10.20.4.1");
    await report("closed_permanently", "10.20.4.1");
    const response = await confirm(cookies.owner);
    expect(response.status).toBe(200);
    const { hoursConfirmedAt } = await response.json();
    expect(Date.now() - Date.parse(hoursConfirmedAt)).toBeLessThan(5000);
    const open = await (await getPrisma()).hoursReport.findMany({ where: { serviceId, resolvedAt: null } });
    expect(open.map((row) => row.kind)).toEqual(["closed_permanently"]);
    // A resolved report opens again when the same person taps again.
    await report("wrong_hours", "10.20.4.1");
    expect(await openReports()).toBe(2);
  });

  it("visitors see the new confirmation at once, though the service page was kept by the read cache", async () => {
    const shown = async () =>
      (
        (await (
          await call(detailRoute, request("GET", `/api/items/${serviceId}`), params({ id: serviceId }))
        ).json()) as { hoursConfirmedAt: string }
      ).hoursConfirmedAt;
    const before = await shown();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { hoursConfirmedAt } = await (await confirm(cookies.owner)).json();
    expect(hoursConfirmedAt).not.toBe(before);
    expect(await shown()).toBe(hoursConfirmedAt);
  });

  it("admins may confirm; strangers 403; visitors 401", async () => {
    expect((await confirm(cookies.admin)).status).toBe(200);
    expect((await confirm(cookies.stranger)).status).toBe(403);
    expect((await confirm()).status).toBe(401);
  });

  it("saving the weekly hours counts as confirming them; other edits do not", async () => {
    const prisma = await getPrisma();
    const old = new Date(Date.now() - 40 * DAY_MS);
    await prisma.service.update({ where: { id: serviceId }, data: { hoursConfirmedAt: old } });
    await call(
      updateOwn,
      request("PUT", `/api/items/users/${serviceId}`, { description: "New words" }, { cookie: cookies.owner }),
      params({ id: serviceId }),
    );
    expect((await prisma.service.findUniqueOrThrow({ where: { id: serviceId } })).hoursConfirmedAt).toEqual(old);
    await call(
      updateOwn,
      request("PUT", `/api/items/users/${serviceId}`, { timetable: DEFAULT_TIMETABLE }, { cookie: cookies.owner }),
      params({ id: serviceId }),
    );
    expect(
      (await prisma.service.findUniqueOrThrow({ where: { id: serviceId } })).hoursConfirmedAt.getTime(),
    ).toBeGreaterThan(Date.now() - 5000);
  });
});

describe("the reminder job", () => {
  it(`mails the owner once per confirmation, ${REMIND_AFTER_DAYS} days after it, even when two instances run it at once`, async () => {
    const prisma = await getPrisma();
    const now = new Date();
    await prisma.service.update({
      where: { id: serviceId },
      data: { hoursConfirmedAt: new Date(now.getTime() - (REMIND_AFTER_DAYS + 1) * DAY_MS), hoursRemindedAt: null },
    });
    const mails = () => prisma.mailOutbox.count({ where: { to: ownerEmail, kind: "hoursReminder" } });
    const before = await mails();
    await Promise.all([remindStaleHours(now), remindStaleHours(now)]);
    expect(await mails()).toBe(before + 1);
    const mail = await prisma.mailOutbox.findFirstOrThrow({
      where: { to: ownerEmail, kind: "hoursReminder" },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.subject).toBe("Are the hours of Freshness Station still right?");
    expect(mail.text).toContain("/mystos");
    await remindStaleHours(new Date(now.getTime() + DAY_MS));
    expect(await mails()).toBe(before + 1);
    // Confirmed again, and 31 days pass: one more.
    await prisma.service.update({
      where: { id: serviceId },
      data: { hoursConfirmedAt: new Date(now.getTime() + 2 * DAY_MS) },
    });
    await remindStaleHours(new Date(now.getTime() + (REMIND_AFTER_DAYS + 3) * DAY_MS));
    expect(await mails()).toBe(before + 2);
  });

  it("leaves fresh hours alone", async () => {
    const prisma = await getPrisma();
    await prisma.service.update({
      where: { id: serviceId },
      data: { hoursConfirmedAt: new Date(), hoursRemindedAt: null },
    });
    const before = await prisma.mailOutbox.count({ where: { to: ownerEmail, kind: "hoursReminder" } });
    await remindStaleHours();
    expect(await prisma.mailOutbox.count({ where: { to: ownerEmail, kind: "hoursReminder" } })).toBe(before);
  });
});
