import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { DELETE as deleteServiceRoute, PUT as updateServiceRoute } from "@/app/api/items/admin/[id]/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { captureLogs } from "../../helpers/logs";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * An admin's change to a service and its audit entry are one transaction: when the audit entry
 * cannot be written, the change is not made either (and the admin sees an error, not a success
 * nobody can trace).
 */
let admin = "";

beforeAll(async () => {
  admin = await signIn((await makeUser({ isAdmin: true, name: "Audit Admin" })).email, "10.16.6.1");
});

let quiet: ReturnType<typeof captureLogs> | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  quiet?.restore();
  quiet = undefined;
  await allowAudit();
});

/** Makes every audit insert fail, as a full disk or a broken audit table would. */
async function refuseAudit() {
  // The failed request is logged as a server error; that log is expected here.
  quiet = captureLogs("silent");
  const prisma = await getPrisma();
  await prisma.$executeRawUnsafe(
    `CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
  );
}

async function allowAudit() {
  const prisma = await getPrisma();
  await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_audit ON audit_log`);
}

const update = (id: string, body: unknown) =>
  call(
    updateServiceRoute,
    makeRequest(`/api/items/admin/${id}`, { method: "PUT", headers: { cookie: admin }, body: JSON.stringify(body) }),
    params({ id }),
  );
const remove = (id: string) =>
  call(
    deleteServiceRoute,
    makeRequest(`/api/items/admin/${id}`, { method: "DELETE", headers: { cookie: admin } }),
    params({ id }),
  );
const auditOf = async (id: string) =>
  (await getPrisma()).auditLog.findMany({ where: { targetId: id }, orderBy: { createdAt: "asc" } });

describe("admin service writes and their audit entries commit together", () => {
  it("an edit whose audit entry fails is rolled back", async () => {
    const service = await makeService({ role: "mechanic", name: "Audited Master" });
    await refuseAudit();
    expect((await update(service.id, { name: "Unaudited Rename", description: "never stored" })).status).toBe(500);
    expect(await (await getPrisma()).service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({
      name: "Audited Master",
      description: service.description,
    });
    expect(await auditOf(service.id)).toEqual([]);

    await allowAudit();
    expect((await update(service.id, { name: "Audited Rename", unknownField: 1 })).status).toBe(200);
    expect(await (await getPrisma()).service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({
      name: "Audited Rename",
    });
    expect((await auditOf(service.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ["service.update", { fields: ["name"] }],
    ]);
  });

  it("a deletion whose audit entry fails is rolled back", async () => {
    const service = await makeService({ role: "sto", name: "Audited Station" });
    await refuseAudit();
    expect((await remove(service.id)).status).toBe(500);
    expect(await (await getPrisma()).service.findUnique({ where: { id: service.id } })).not.toBeNull();
    expect(await auditOf(service.id)).toEqual([]);

    await allowAudit();
    expect(await (await remove(service.id)).json()).toEqual({ message: "Station deleted!" });
    expect(await (await getPrisma()).service.findUnique({ where: { id: service.id } })).toBeNull();
    expect((await auditOf(service.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ["service.delete", { name: "Audited Station", role: "sto", owner: service.ownerId }],
    ]);
  });
});
