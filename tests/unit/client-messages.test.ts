import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";

import { clientKeysFor, providerName, routeFiles } from "../../scripts/messages/client-keys";
import { eagerClientPackages } from "../../scripts/messages/import-graph";

const ROOT = path.resolve(import.meta.dirname, "../..");
const routes = routeFiles(ROOT);
const pages = routes.filter((file) => file.endsWith("page.tsx"));
const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const keysFor = (file: string) => clientKeysFor(ROOT, file, en);

/** The routes a file's providers name (`<ClientMessages route="…">`). */
const namedRoutes = (file: string) =>
  [...source(file).matchAll(/<ClientMessages\s+route="([^"]+)"/g)].map((match) => match[1]!);

/** A page that re-exports another page's default renders that page's providers. */
function reexported(file: string): string | null {
  const reexport = /export\s*\{\s*default[^}]*\}\s*from\s*"([^"]+)"/.exec(source(file));
  if (!reexport) return null;
  const specifier = reexport[1]!;
  return (specifier.startsWith("@/") ? specifier.slice(2) : path.join(path.dirname(file), specifier)) + ".tsx";
}

describe("each page hands its client components the messages they can ask for, under its own name", () => {
  it("the layout's provider serves the header and the error page", () => {
    expect(namedRoutes("app/[locale]/layout.tsx")).toEqual(["layout"]);
  });

  it.each(pages)("%s", (page) => {
    const needed = Object.keys(keysFor(page));
    const target = reexported(page);
    if (target) {
      expect(Object.keys(keysFor(target))).toEqual(needed);
      return;
    }
    // A provider naming another page would hand over that page's keys: each names its own file.
    const named = new Set(namedRoutes(page));
    expect([...named]).toEqual(needed.length ? [providerName(page)] : []);
  });

  it("follows server components and lazy imports, and picks keys, not namespaces", () => {
    // The service page reaches the review form through server components, and zod's issue keys
    // through the schema the form loads on first focus.
    const service = keysFor("app/[locale]/service/[id]/page.tsx");
    expect(Object.keys(service)).toEqual(expect.arrayContaining(["Review", "Validation", "LiveStatus"]));
    expect(service).not.toHaveProperty("Mail");
    expect(service.Validation).toEqual(expect.arrayContaining(["comment", "score"]));
    expect(service.Validation).not.toContain("email");
    // The header signs out; the sign-in form's keys stay with the sign-in page.
    expect(keysFor("app/[locale]/layout.tsx").Account).not.toContain("password");
    expect(keysFor("app/[locale]/login/page.tsx").Account).toContain("password");
    expect(keysFor("app/[locale]/ranking/page.tsx")).toEqual({});
  });
});

describe("the public pages' first load", () => {
  // zod is ~90 KB compressed: forms load their schema at first focus (components/ui/use-schema-form.ts).
  it.each([
    "app/[locale]/home/page.tsx",
    "app/[locale]/services/page.tsx",
    "app/[locale]/service/[id]/page.tsx",
    "app/[locale]/login/page.tsx",
  ])("%s brings no zod to the browser until a form is used", (page) => {
    const packages = eagerClientPackages(page);
    expect(packages.has("react")).toBe(true);
    expect(packages.has("zod")).toBe(false);
  });
});
