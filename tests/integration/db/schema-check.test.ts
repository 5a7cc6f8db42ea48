import { describe, expect, it } from "vitest";

import { diffMigrationsToSchema } from "@/lib/db/schema-engine";

describe("db:check", () => {
  it("finds prisma/schema.prisma and the committed migrations in agreement", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  });
});
