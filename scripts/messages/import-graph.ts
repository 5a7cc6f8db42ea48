import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The import graph under a page, read from the source: which client files a page's client
 * components are made of (everything a client file imports, lazily or not, counts: what it loads
 * on first use asks for messages too), and which packages they bring to the first load.
 * Type-only imports bring no code and are skipped; "@/…" and relative imports are followed.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

type Parsed = {
  client: boolean;
  imports: string[];
  staticImports: string[];
  packages: string[];
};
const parsed = new Map<string, Parsed>();

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  if (/\.(tsx?|json)$/.test(base) && existsSync(base)) return base.endsWith(".json") ? null : base;
  return EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate)) ?? null;
}

function parse(file: string): Parsed {
  const known = parsed.get(file);
  if (known) return known;
  const source = readFileSync(file, "utf8");
  // Type-only imports bring no code (client components name types from server code).
  const code = source.replace(/^\s*\/\/.*$/gm, "").replace(/(?:import|export)\s+type\s[^;]*?from\s+"[^"]+";?/gs, "");
  const specifiers = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g)].map((match) => match[1]!);
  const staticSpecifiers = [...code.matchAll(/(?:from\s+|import\s+)"([^"]+)"/g)].map((match) => match[1]!);
  const local = (list: string[]) =>
    list.map((specifier) => resolve(file, specifier)).filter((resolved): resolved is string => resolved !== null);
  const result: Parsed = {
    client: /^\s*["']use client["']/.test(source),
    imports: local(specifiers),
    staticImports: local(staticSpecifiers),
    packages: staticSpecifiers.filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("@/")),
  };
  parsed.set(file, result);
  return result;
}

function clientSubtree(entry: string, into: Set<string>) {
  if (into.has(entry)) return;
  into.add(entry);
  for (const next of parse(entry).imports) clientSubtree(next, into);
}

/** The client files reachable from `file` (relative to the repository): what the client components under it are made of. */
export function clientFiles(file: string): string[] {
  const client = new Set<string>();
  const seenServer = new Set<string>();
  const walk = (current: string) => {
    if (seenServer.has(current)) return;
    const entry = parse(current);
    if (entry.client) return clientSubtree(current, client);
    seenServer.add(current);
    entry.imports.forEach(walk);
  };
  walk(path.join(ROOT, file));
  return [...client].sort();
}

/**
 * The packages the client components under a page load with it (static imports only: what
 * `import()` brings comes later, at first use), e.g. to check that zod stays out of a first load.
 */
export function eagerClientPackages(file: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (current: string, client: boolean) => {
    if (seen.has(current)) return;
    seen.add(current);
    const entry = parse(current);
    const inClient = client || entry.client;
    if (inClient) entry.packages.forEach((name) => packages.add(name));
    // A server file's lazy imports still render on the server; only a client file's wait for use.
    (inClient ? entry.staticImports : entry.imports).forEach((next) => walk(next, inClient));
  };
  walk(path.join(ROOT, file), false);
  return packages;
}

/** The repository's own files `file` imports for their code (static and lazy; type-only imports left out), relative to the repository. */
export function codeImports(file: string): string[] {
  return parse(path.join(ROOT, file)).imports.map((imported) => path.relative(ROOT, imported));
}
