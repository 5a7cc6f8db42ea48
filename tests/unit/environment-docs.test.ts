import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { ENV_NAMES, VARIABLES } from "@/lib/env";

import { DOCS_FILE, envExample, environmentMarkdown, EXAMPLE_FILE, ROOT } from "../../scripts/env/docs";

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("the environment's docs, written from lib/env.ts", () => {
  it(".env.example is what the schema says today (else run npm run env:docs)", () => {
    expect(read(EXAMPLE_FILE)).toBe(envExample());
  });

  it("docs/environment.md is what the schema says today (else run npm run env:docs)", async () => {
    expect(read(DOCS_FILE)).toBe(await environmentMarkdown());
  });

  it("name every variable, with its default", () => {
    const example = envExample();
    for (const name of ENV_NAMES) {
      const fallback = (VARIABLES[name] as { default?: string }).default ?? "";
      expect(example, name).toContain(`\n# ${name}=${fallback}\n`);
    }
    expect(example).toContain("NEXTAUTH_SECRET");
  });
});
