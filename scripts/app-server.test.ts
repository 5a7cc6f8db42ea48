import path from "node:path";
import { describe, expect, it } from "vitest";

import { VARIABLES } from "@/lib/env";

import { PGLITE_DEFAULT_DIR, standaloneEnv } from "./app-server.mjs";

describe("standaloneEnv", () => {
  it("keeps PGLITE_DATA_DIR's default in step with lib/env.ts", () => {
    expect(PGLITE_DEFAULT_DIR).toBe(VARIABLES.PGLITE_DATA_DIR.default);
  });

  it("makes the embedded database's directory absolute, as server.js changes its working directory", () => {
    expect(standaloneEnv({}).PGLITE_DATA_DIR).toBe(path.resolve(PGLITE_DEFAULT_DIR));
    expect(standaloneEnv({ PGLITE_DATA_DIR: ".data/e2e" }).PGLITE_DATA_DIR).toBe(path.resolve(".data/e2e"));
    expect(standaloneEnv({ PGLITE_DATA_DIR: "/srv/db" }).PGLITE_DATA_DIR).toBe("/srv/db");
    expect(standaloneEnv({ PGLITE_DATA_DIR: "memory://" }).PGLITE_DATA_DIR).toBe("memory://");
  });

  it("leaves PGLITE_DATA_DIR alone on PostgreSQL, and sets the port and address when given", () => {
    const env = standaloneEnv({ DATABASE_URL: "postgresql://db/maister" }, { port: 3701, hostname: "0.0.0.0" });
    expect(env.PGLITE_DATA_DIR).toBeUndefined();
    expect(env).toMatchObject({ PORT: "3701", HOSTNAME: "0.0.0.0" });
  });
});
