import { describe, expect, it } from "vitest";

import { openDatabase } from "@/lib/db/connection";
import { applyMigrations, readMigrations } from "@/lib/db/migrations";

/**
 * Requests stored before distances were the driver's took the first service's own spot as the
 * point when the driver shared none: the first service at 0 m and the others measured from it.
 * Shown now as the driver's distances, the first would read "Nearby" and the rest would lie; the
 * migration gives those requests no point and no distances, and leaves the ones with a real point.
 */
const OWNER = "00000000-0000-4000-8000-000000000001";
const FIRST = "00000000-0000-4000-8000-0000000000a1";
const SECOND = "00000000-0000-4000-8000-0000000000a2";
const NO_POINT = "00000000-0000-4000-8000-0000000000b1";
const WITH_POINT = "00000000-0000-4000-8000-0000000000b2";

describe("requests stored with the first service as their point", () => {
  it("lose that point and its distances; a driver's real point stays", async () => {
    const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      const all = readMigrations();
      const at = all.findIndex((migration) => migration.name.endsWith("_quote_request_first_service_points"));
      expect(at).toBeGreaterThan(0);
      await applyMigrations(db.sql, all.slice(0, at));
      await db.sql.exec(
        `INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "updatedAt") VALUES ('${OWNER}', 'Owner', 'o@test.local', 'o@test.local', 'x', now())`,
      );
      for (const [id, lng] of [
        [FIRST, 30.52],
        [SECOND, 30.66],
      ] as const)
        await db.sql.query(
          `INSERT INTO services (id, role, "ownerId", name, "contactMail", latitude, longitude, address, "updatedAt")
           VALUES ($1, 'sto', $2, 'Old', 'old@test.local', 50.45, $3, 'Kyiv', now())`,
          [id, OWNER, lng],
        );
      for (const [request, lng, distances] of [
        [NO_POINT, 30.52, [0, 9913]],
        [WITH_POINT, 30.59, [4956, 4956]],
      ] as const) {
        await db.sql.query(
          `INSERT INTO quote_requests (id, "driverId", job, "carMake", "carModel", "carYear", "carFuel", asap, latitude, longitude, "expiresAt", "updatedAt")
           VALUES ($1, $2, 'brake_pads', 'Skoda', 'Octavia', 2015, 'petrol', true, 50.45, $3, now() + interval '3 days', now())`,
          [request, OWNER, lng],
        );
        for (const [position, service] of [FIRST, SECOND].entries())
          await db.sql.query(
            `INSERT INTO quote_targets (id, "requestId", "serviceId", position, "distanceM", "updatedAt")
             VALUES (gen_random_uuid(), $1, $2, $3, $4, now())`,
            [request, service, position, distances[position]],
          );
      }
      await applyMigrations(db.sql, all);
      const requests = await db.sql.query<{ id: string; latitude: number | null; longitude: number | null }>(
        `SELECT id::text, latitude, longitude FROM quote_requests ORDER BY id`,
      );
      expect(requests).toEqual([
        { id: NO_POINT, latitude: null, longitude: null },
        { id: WITH_POINT, latitude: 50.45, longitude: 30.59 },
      ]);
      const targets = await db.sql.query<{ requestId: string; distanceM: number | null }>(
        `SELECT "requestId"::text AS "requestId", "distanceM" FROM quote_targets ORDER BY "requestId", position`,
      );
      expect(targets).toEqual([
        { requestId: NO_POINT, distanceM: null },
        { requestId: NO_POINT, distanceM: null },
        { requestId: WITH_POINT, distanceM: 4956 },
        { requestId: WITH_POINT, distanceM: 4956 },
      ]);
    } finally {
      await db.close();
    }
  });
});
