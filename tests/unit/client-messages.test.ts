import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { clientNamespaces, declaredNamespaces, eagerClientPackages } from "../helpers/client-namespaces";

const TOP_LEVEL = new Set(Object.keys(en));
const LAYOUT = "app/[locale]/layout.tsx";
/** Rendered inside the layout's provider, not a page's: the error page, loading skeletons, not-found. */
const UNDER_LAYOUT = /(error|loading|not-found)\.tsx$/;
const files = (readdirSync("app/[locale]", { recursive: true }) as string[]).map((file) => path.join("app/[locale]", file));
const pages = files.filter((file) => file.endsWith("page.tsx"));

/** A page that re-exports another page's default takes that page's list. */
function listOf(file: string): string[] | null {
  const own = declaredNamespaces(file);
  if (own) return own;
  const reexport = /export\s*\{\s*default[^}]*\}\s*from\s*"([^"]+)"/.exec(readFileSync(file, "utf8"));
  if (!reexport) return null;
  const target = path.join(path.dirname(file), reexport[1]!) + ".tsx";
  return existsSync(target) ? listOf(target) : null;
}

describe("each client component gets the messages it uses, and pages carry no others", () => {
  it("the layout hands the header, the error page and the skeletons exactly what they use", () => {
    const needed = new Set(clientNamespaces(LAYOUT, TOP_LEVEL));
    for (const file of files.filter((file) => UNDER_LAYOUT.test(file))) clientNamespaces(file, TOP_LEVEL).forEach((namespace) => needed.add(namespace));
    expect(declaredNamespaces(LAYOUT)).toEqual([...needed].sort());
  });

  it.each(pages)("%s", (page) => {
    const needed = clientNamespaces(page, TOP_LEVEL);
    expect(listOf(page) ?? []).toEqual(needed);
  });

  it("finds what a page's client components use through server components and lazy imports", () => {
    // The service page reaches the review form through server components, and zod's issue keys
    // through the schema the form loads on first focus.
    const service = clientNamespaces("app/[locale]/service/[id]/page.tsx", TOP_LEVEL);
    expect(service).toEqual(expect.arrayContaining(["Review", "Validation", "LiveStatus"]));
    expect(service).not.toContain("Mail");
    expect(clientNamespaces("app/[locale]/ranking/page.tsx", TOP_LEVEL)).toEqual([]);
  });
});

describe("the public pages' first load", () => {
  // zod is ~90 KB compressed: forms load their schema at first focus (components/forms/use-schema-form.ts).
  it.each(["app/[locale]/home/page.tsx", "app/[locale]/services/page.tsx", "app/[locale]/service/[id]/page.tsx", "app/[locale]/login/page.tsx"])(
    "%s brings no zod to the browser until a form is used",
    (page) => {
      const packages = eagerClientPackages(page);
      expect(packages.has("react")).toBe(true);
      expect(packages.has("zod")).toBe(false);
    },
  );
});
