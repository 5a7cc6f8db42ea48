import compile from "icu-minify/compile";
import { _createCache, _createIntlFormatters } from "use-intl/core";
import formatParsed from "use-intl/format-message";
import formatPrecompiled from "use-intl/format-message/format-only";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

/**
 * The built app formats messages precompiled (next.config.ts: next-intl's experimental
 * `messages.precompile`, icu-minify), while tests and scripts outside Next parse them at run time
 * (intl-messageformat). Every message of both languages, with every option of its selects and a
 * spread of plural counts, must read the same either way. Both formatters and the compiler are
 * next-intl's own (its use-intl and icu-minify), imported here as the build uses them.
 */
type Tree = { [key: string]: string | Tree };
type Compiled = string | number | Compiled[] | { [option: string]: Compiled };
type Argument =
  { kind: "simple" | "number" | "date" | "time" | "tag" } | { kind: "plural" } | { kind: "select"; options: string[] };

const PLURAL_COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 1234];
const ARGUMENT_KINDS: Record<number, Argument["kind"]> = {
  1: "select",
  2: "plural",
  3: "plural",
  4: "number",
  5: "date",
  6: "time",
};
const WHEN = new Date(Date.UTC(2026, 10, 24, 7, 5));

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** The arguments a compiled message takes, by name (icu-minify's format: [name], [name, type, …], or a tag [name, …children]). */
function argumentsOf(node: Compiled, into = new Map<string, Argument>()): Map<string, Argument> {
  if (typeof node === "string" || typeof node === "number") return into;
  if (!Array.isArray(node)) {
    Object.values(node).forEach((branch) => argumentsOf(branch, into));
    return into;
  }
  const [name, type, ...rest] = node;
  if (typeof name !== "string") {
    node.forEach((part) => argumentsOf(part, into));
    return into;
  }
  if (type === undefined) into.set(name, { kind: "simple" });
  else if (typeof type === "number" && type !== 0) {
    const kind = ARGUMENT_KINDS[type]!;
    const branches = rest[0];
    into.set(name, kind === "select" ? { kind, options: Object.keys(branches as object) } : ({ kind } as Argument));
    if (kind === "select" || kind === "plural") argumentsOf(branches!, into);
  } else {
    into.set(name, { kind: "tag" });
    [type, ...rest].forEach((part) => argumentsOf(part!, into));
  }
  return into;
}

function sampleValue(argument: Argument): unknown {
  switch (argument.kind) {
    case "simple":
      return "‹x›";
    case "number":
      return 1234.5;
    case "date":
    case "time":
      return WHEN;
    case "tag":
      return (chunks: unknown[]) => `<t>${chunks.join("")}</t>`;
    case "plural":
      return 1;
    case "select":
      return argument.options[0];
  }
}

/** One set of values per select option and plural count, the other arguments at their first sample. */
function valueSets(args: Map<string, Argument>): Record<string, unknown>[] {
  const base = Object.fromEntries([...args].map(([name, argument]) => [name, sampleValue(argument)]));
  const sets = [base];
  for (const [name, argument] of args) {
    if (argument.kind === "plural") PLURAL_COUNTS.forEach((count) => sets.push({ ...base, [name]: count }));
    if (argument.kind === "select") argument.options.forEach((option) => sets.push({ ...base, [name]: option }));
  }
  return sets;
}

const text = (result: unknown) => (Array.isArray(result) ? result.join("") : String(result));

describe.each([
  ["en", en],
  ["uk", uk],
] as const)("messages precompiled for the built app read as parsed ones (%s)", (locale, messages) => {
  const cache = _createCache();
  const formatters = _createIntlFormatters(cache);
  const options = { cache, formatters, locale, timeZone: "Europe/Kyiv", formats: undefined, globalFormats: undefined };
  const all = leaves(messages as Tree);

  it("has messages with arguments of every kind to compare", () => {
    const kinds = new Set(
      all.flatMap(([, message]) =>
        [...argumentsOf(compile(message) as Compiled).values()].map((argument) => argument.kind),
      ),
    );
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["plural", "select", "simple", "tag"]));
  });

  it("keeps the messages code reads as plain values (the outage and bad-request pages, category search) plain strings", () => {
    const plain = [
      "Outage.title",
      "Outage.text",
      "Outage.retry",
      "Metadata.productName",
      "Api.badRequest",
      "NotFound.action",
    ];
    const categories = Object.keys(messages.Categories).map((category) => `Categories.${category}`);
    for (const key of [...plain, ...categories])
      expect(typeof compile(all.find(([name]) => name === key)![1]), key).toBe("string");
  });

  it("reads every message the same both ways", () => {
    const differences: string[] = [];
    for (const [key, message] of all) {
      const compiled = compile(message) as Compiled;
      for (const values of valueSets(argumentsOf(compiled))) {
        const parsed = text(formatParsed(key, message, values as never, options as never));
        const precompiled = text(formatPrecompiled(key, compiled as never, values as never, options as never));
        if (precompiled !== parsed)
          differences.push(
            `${key} ${JSON.stringify(values)}: ${JSON.stringify(precompiled)} ≠ ${JSON.stringify(parsed)}`,
          );
      }
    }
    expect(differences).toEqual([]);
  });
});
