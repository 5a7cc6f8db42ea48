import { describe, expect, it } from "vitest";

import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";

/**
 * The embedded database has one connection, and the PostgreSQL run keeps that rule
 * (tests/helpers/one-connection.ts): a transaction that waits for a query made outside it never
 * gets it, on either database, so such code fails in the tests instead of passing on PostgreSQL
 * alone. A query outside a transaction while it is open still gets its answer once it ends.
 */
describe("one connection, on both databases", () => {
  it("a transaction that awaits a query through the outer client fails, and writes nothing", async () => {
    const prisma = await getPrisma();
    const user = await makeUser();
    const outcome = prisma.$transaction(
      async (tx) => {
        await tx.user.update({ where: { id: user.id }, data: { name: "Changed Inside" } });
        await prisma.user.count();
        await tx.user.update({ where: { id: user.id }, data: { name: "Changed Twice" } });
      },
      { timeout: 1000 },
    );
    await expect(outcome).rejects.toThrow();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe(user.name);
  });

  it("a query outside an open transaction is answered once the transaction ends", async () => {
    const prisma = await getPrisma();
    const user = await makeUser();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun = () => {};
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const writing = prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { name: "Written Inside" } });
      begun();
      await held;
    });
    await inside;
    // A Prisma query is sent when it is awaited: then() sends it now.
    const reading = prisma.user.findUniqueOrThrow({ where: { id: user.id } }).then((row) => row.name);
    // The read has been sent (on PostgreSQL without the rule it would be answered now, with the old name).
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await writing;
    expect(await reading).toBe("Written Inside");
  });
});
