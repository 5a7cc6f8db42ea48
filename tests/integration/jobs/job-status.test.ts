import { beforeAll, describe, expect, it } from "vitest";

import { GET as healthRoute } from "@/app/api/health/route";
import type { Viewer } from "@/features/accounts/server/session";
import { listJobStatuses } from "@/features/admin/server/jobs";
import { MESSAGES } from "@/i18n/messages";
import { JOBS } from "@/jobs";
import { getPrisma } from "@/lib/db/client";
import { registerJobRuns } from "@/lib/jobs/job-runs";
import { runJob, type Job } from "@/lib/jobs/runner";

import { makeService, makeUser } from "../../helpers/factories";
import { apiRequest, call } from "../../helpers/request";
import { signIn, viewerOf } from "../../helpers/sign-in";

/**
 * The jobs' status where people look: /api/health tells admins each job's times and whether it is
 * overdue (never why it failed) and everyone else only whether the database answers; the admin
 * inbox tells admins the failure's message too.
 */
const SECRET_WORDS = "pool exhausted at db-primary.internal";
const job = (name: string): Job => JOBS.find((entry) => entry.name === name)!;

type Role = "anonymous" | "user" | "mechanic" | "owner" | "unpaidOwner" | "blocked" | "admin";
const viewers = {} as Record<Role, Viewer | null>;
const cookies = {} as Record<Role, string | undefined>;

const health = async (role: Role = "admin") => {
  const response = await call(healthRoute, apiRequest("GET", "/api/health", { cookie: cookies[role] }));
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  const [user, mechanic, owner, unpaidOwner, blocked, admin] = await Promise.all([
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser({ isAdmin: true }),
  ]);
  await makeService({ ownerId: mechanic.id, role: "mechanic" });
  await makeService({ ownerId: owner.id, role: "sto" });
  await makeService({ ownerId: unpaidOwner.id, role: "sto", isPaid: false });
  const blockedCookie = await signIn(blocked.email);
  await (await getPrisma()).user.update({ where: { id: blocked.id }, data: { isBlocked: true } });
  Object.assign(cookies, {
    anonymous: undefined,
    user: await signIn(user.email),
    mechanic: await signIn(mechanic.email),
    owner: await signIn(owner.email),
    unpaidOwner: await signIn(unpaidOwner.email),
    blocked: blockedCookie,
    admin: await signIn(admin.email),
  });
  for (const role of Object.keys(cookies) as Role[])
    viewers[role] = cookies[role] ? await viewerOf(cookies[role]) : null;
});

describe("/api/health", () => {
  it.each(["anonymous", "user", "mechanic", "owner", "unpaidOwner", "blocked"] as const)(
    "tells %s the database's state and nothing about the jobs",
    async (role) => {
      const { status, text } = await health(role);
      expect(status).toBe(200);
      expect(JSON.parse(text)).toEqual({ status: "ok" });
    },
  );

  it("lists every job to an admin, none run yet and so overdue, with the status and code it always had", async () => {
    const { status, text } = await health();
    expect(status).toBe(200);
    const body = JSON.parse(text);
    expect(body.status).toBe("ok");
    expect(body.jobs.map((entry: { name: string }) => entry.name)).toEqual(JOBS.map((entry) => entry.name));
    for (const entry of body.jobs)
      expect(entry).toEqual({
        name: entry.name,
        lastStartedAt: null,
        lastSucceededAt: null,
        lastFailedAt: null,
        overdue: true,
      });
  });

  it("shows a failure's time but not its message; a success and a fresh registration are not overdue; a stale success is", async () => {
    expect(await runJob({ ...job("purge"), run: () => Promise.reject(new Error(SECRET_WORDS)) })).toBe("failed");
    expect(await runJob({ ...job("map-cells"), run: async () => 0 })).toBe("ran");
    await registerJobRuns([job("hours-reminders")]);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
    await (
      await getPrisma()
    ).jobRun.create({
      data: { name: "paypal-sweep", lastStartedAt: dayAgo, lastSucceededAt: dayAgo, createdAt: dayAgo },
    });

    const { status, text } = await health();
    expect(status).toBe(200);
    expect(text).not.toContain(SECRET_WORDS);
    expect(text).not.toContain("lastError");
    const jobs = Object.fromEntries(JSON.parse(text).jobs.map((entry: { name: string }) => [entry.name, entry]));
    expect(jobs.purge).toMatchObject({
      lastStartedAt: expect.any(String),
      lastFailedAt: expect.any(String),
      lastSucceededAt: null,
    });
    expect(jobs["map-cells"]).toMatchObject({
      lastStartedAt: expect.any(String),
      lastSucceededAt: expect.any(String),
      lastFailedAt: null,
      overdue: false,
    });
    expect(jobs["hours-reminders"]).toMatchObject({ lastStartedAt: null, overdue: false });
    expect(jobs["paypal-sweep"]).toMatchObject({ lastSucceededAt: dayAgo.toISOString(), overdue: true });
    expect(jobs["rating-scores"]).toMatchObject({ lastStartedAt: null, overdue: true });
  });
});

describe("the admin inbox's job list", () => {
  it.each(["anonymous", "user", "mechanic", "owner", "unpaidOwner", "blocked"] as const)("refuses %s", async (role) => {
    await expect(listJobStatuses(viewers[role], JOBS)).rejects.toMatchObject({ status: viewers[role] ? 403 : 401 });
  });

  it("gives admins each job's state, times and the last failure's message", async () => {
    const statuses = await listJobStatuses(viewers.admin, JOBS);
    expect(statuses.map((entry) => entry.name)).toEqual(JOBS.map((entry) => entry.name));
    const byName = Object.fromEntries(statuses.map((entry) => [entry.name, entry]));
    expect(byName.purge).toMatchObject({ state: "failed", lastError: SECRET_WORDS, lastFailedAt: expect.any(String) });
    expect(byName["map-cells"]).toMatchObject({ state: "succeeded", lastError: null, overdue: false });
    expect(byName["rating-scores"]).toMatchObject({ state: "neverRun", overdue: true });
  });

  it("has a label for every job in both languages", () => {
    for (const messages of Object.values(MESSAGES)) {
      expect(Object.keys(messages.Admin.jobNames).sort()).toEqual(JOBS.map((entry) => entry.name).sort());
    }
  });
});
