import { describe, expect, it } from "vitest";

import { DatabaseConfigError, describeDatabaseError, resolveDatabaseTarget } from "@/lib/db/config";

describe("database target", () => {
  it("uses PGlite in .data/pglite without DATABASE_URL", () => {
    expect(resolveDatabaseTarget({})).toEqual({ kind: "pglite", dataDir: ".data/pglite" });
    expect(resolveDatabaseTarget({ DATABASE_URL: "  ", PGLITE_DATA_DIR: "memory://" })).toEqual({
      kind: "pglite",
      dataDir: "memory://",
    });
  });

  it("uses PostgreSQL with DATABASE_URL and names its host", () => {
    expect(resolveDatabaseTarget({ DATABASE_URL: "postgresql://u:p@db.example:6543/app" })).toMatchObject({
      kind: "postgres",
      host: "db.example:6543",
    });
    expect(resolveDatabaseTarget({ DATABASE_URL: "postgres://u@localhost/app" })).toMatchObject({
      host: "localhost:5432",
    });
  });

  it("refuses malformed URLs naming the variable", () => {
    expect(() => resolveDatabaseTarget({ DATABASE_URL: "nonsense" })).toThrow(DatabaseConfigError);
    expect(() => resolveDatabaseTarget({ DATABASE_URL: "mysql://x@y/z" })).toThrow(
      /DATABASE_URL must start with postgresql/,
    );
  });

  it("explains failures in one line", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    const pgMessage = describeDatabaseError(refused, {
      kind: "postgres",
      url: "postgresql://x@127.0.0.1:1/db",
      host: "127.0.0.1:1",
    });
    expect(pgMessage).toBe("Cannot reach PostgreSQL at 127.0.0.1:1 (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1");
    const pgliteMessage = describeDatabaseError(new Error("bad\nstack"), { kind: "pglite", dataDir: ".data/pglite" });
    expect(pgliteMessage).toContain("npm run db:reset");
    expect(pgliteMessage).not.toContain("\n");
  });
});
