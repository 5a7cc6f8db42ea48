import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

import { GET as healthRoute } from "@/app/api/health/route";
import { GET as livezRoute } from "@/app/api/livez/route";
import { GET as readyzRoute } from "@/app/api/readyz/route";
import { closeDatabase, getPrisma } from "@/lib/db/client";
import { MIGRATIONS_CHECK_MS } from "@/lib/health";
import { beginDrain, resetLifecycleForTests } from "@/lib/lifecycle";

import { setEnv } from "../../helpers/env";

/**
 * Liveness asks nothing but the process; readiness asks the database, the migrations this build
 * ships and whether the instance is draining, and names the check that failed.
 */
const readyz = async () => {
  const response = await readyzRoute();
  return { status: response.status, cache: response.headers.get("cache-control"), body: await response.json() };
};

/** Past the migrations comparison's reuse window, as the next poll of a balancer would be. */
const later = () => {
  const now = Date.now() + MIGRATIONS_CHECK_MS + 1;
  vi.spyOn(Date, "now").mockReturnValue(now);
};

afterEach(() => {
  vi.restoreAllMocks();
  resetLifecycleForTests();
});

describe("GET /api/livez", () => {
  it("answers 200 ok, never cached", async () => {
    const response = await livezRoute();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("GET /api/readyz", () => {
  it("answers 200 when the database answers, the migrations are applied and the instance serves", async () => {
    expect(await readyz()).toEqual({
      status: 200,
      cache: "no-store",
      body: { status: "ok", checks: { database: "ok", migrations: "ok", shutdown: "ok" } },
    });
  });

  it("answers 503 while a migration this build ships is not applied, and 200 again once it is", async () => {
    const prisma = await getPrisma();
    const [last] = await prisma.$queryRaw<{ id: string; migration_name: string }[]>`
      SELECT id, migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`;
    await prisma.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = ${last!.id}`;
    later();
    expect(await readyz()).toMatchObject({
      status: 503,
      cache: "no-store",
      body: { status: "unavailable", checks: { database: "ok", migrations: "pending", shutdown: "ok" } },
    });
    await prisma.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE id = ${last!.id}`;
    later();
    expect((await readyz()).status).toBe(200);
  });

  it("answers 503 while the instance drains after SIGTERM; liveness and /api/health stay 200", async () => {
    beginDrain();
    expect(await readyz()).toMatchObject({
      status: 503,
      body: { status: "unavailable", checks: { database: "ok", migrations: "ok", shutdown: "draining" } },
    });
    expect((await livezRoute()).status).toBe(200);
    expect((await healthRoute()).status).toBe(200);
  });

  describe("with the database away", () => {
    const databaseUrl = process.env.DATABASE_URL;
    afterAll(async () => {
      await closeDatabase();
      setEnv({ DATABASE_URL: databaseUrl });
    });

    it("answers 503 naming the database, the migrations unknown; liveness stays 200", async () => {
      // Last in the file: closing the embedded database drops it. Nothing listens on port 9 (discard).
      await closeDatabase();
      setEnv({ DATABASE_URL: "postgresql://maister:maister@127.0.0.1:9/maister" });
      later();
      expect(await readyz()).toEqual({
        status: 503,
        cache: "no-store",
        body: { status: "unavailable", checks: { database: "unreachable", migrations: "unknown", shutdown: "ok" } },
      });
      expect((await livezRoute()).status).toBe(200);
    });
  });
});
