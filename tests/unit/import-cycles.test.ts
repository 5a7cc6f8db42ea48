import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { codeImports } from "@/scripts/messages/import-graph";

/**
 * No two modules import each other's code, directly or around a circle: in a cycle, one of them
 * runs before the other has defined its exports, and which one depends on who was imported first.
 * Type-only imports are left out (they bring no code). This is ESLint's import/no-cycle, read from
 * the same import graph the message bundles use: the rule took 91 of the lint's ~100 s here.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "components", "domain", "features", "i18n", "lib"];
const ROOT_FILES = ["proxy.ts", "jobs.ts", "openapi.ts", "instrumentation.ts", "instrumentation-node.ts"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("generated"))
    .map((file) => path.join(folder, file));
}

/** The strongly connected components of more than one module (Tarjan), each sorted. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("file cycles", () => {
  it("finds a planted circle of three and leaves a line alone", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(
      cyclesOf(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("none among the application's modules", () => {
    const files = [...FOLDERS.flatMap(sourceFiles), ...ROOT_FILES];
    const graph = new Map(files.map((file) => [file, codeImports(file)]));
    expect(graph.size).toBeGreaterThan(500);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
