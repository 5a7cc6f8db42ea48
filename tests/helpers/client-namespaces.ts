import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which message namespaces the client components under a page (or the layout) can ask for,
 * found by walking the imports from that file: every client file reached (and everything it
 * imports, lazily or not) counts with the namespaces it names in `useTranslations("X")`; a file
 * that translates keys arriving as data (`useTranslations()`, `useMessages`, `useMessageText`)
 * counts with every "Namespace.key" literal in its client subtree (the schemas' issue keys).
 */
const ROOT = path.resolve(__dirname, "../..");
const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

type Parsed = {
  client: boolean;
  imports: string[];
  staticImports: string[];
  packages: string[];
  named: string[];
  translatesData: boolean;
  keyLiterals: string[];
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
  // Type-only imports bring no code (client components name types from lib/server).
  const code = source.replace(/^\s*\/\/.*$/gm, "").replace(/(?:import|export)\s+type\s[^;]*?from\s+"[^"]+";?/gs, "");
  const specifiers = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g)].map((match) => match[1]!);
  const staticSpecifiers = [...code.matchAll(/(?:from\s+|import\s+)"([^"]+)"/g)].map((match) => match[1]!);
  const local = (list: string[]) => list.map((specifier) => resolve(file, specifier)).filter((resolved): resolved is string => resolved !== null);
  const result: Parsed = {
    client: /^\s*["']use client["']/.test(source),
    imports: local(specifiers),
    staticImports: local(staticSpecifiers),
    packages: staticSpecifiers.filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("@/")),
    named: [...code.matchAll(/useTranslations\(\s*"([A-Za-z]+)"/g)].map((match) => match[1]!),
    translatesData: /useTranslations\(\s*\)|useMessages\(|useMessageText\(/.test(code),
    keyLiterals: [...code.matchAll(/["'`]([A-Z][A-Za-z]+)\.[a-z][A-Za-z0-9]*/g)].map((match) => match[1]!),
  };
  parsed.set(file, result);
  return result;
}

function clientSubtree(entry: string, into: Set<string>) {
  if (into.has(entry)) return;
  into.add(entry);
  for (const next of parse(entry).imports) clientSubtree(next, into);
}

/** The namespaces the client components reachable from `file` (relative to the repository) use, sorted. */
export function clientNamespaces(file: string, topLevel: ReadonlySet<string>): string[] {
  const clientFiles = new Set<string>();
  const seenServer = new Set<string>();
  const walk = (current: string) => {
    if (seenServer.has(current)) return;
    const entry = parse(current);
    if (entry.client) return clientSubtree(current, clientFiles);
    seenServer.add(current);
    entry.imports.forEach(walk);
  };
  walk(path.join(ROOT, file));
  const namespaces = new Set<string>();
  const files = [...clientFiles].map(parse);
  for (const entry of files) entry.named.forEach((namespace) => namespaces.add(namespace));
  if (files.some((entry) => entry.translatesData)) {
    for (const entry of files) entry.keyLiterals.filter((namespace) => topLevel.has(namespace)).forEach((namespace) => namespaces.add(namespace));
  }
  return [...namespaces].sort();
}

/** The namespaces a page or layout hands its client components (`<ClientMessages namespaces={[…]}>`, all of them), sorted. */
export function declaredNamespaces(file: string): string[] | null {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const lists = [...source.matchAll(/<ClientMessages\s+namespaces=\{\[([^\]]*)\]\}/g)];
  if (!lists.length) return null;
  return [...new Set(lists.flatMap((list) => [...list[1]!.matchAll(/"([A-Za-z]+)"/g)].map((item) => item[1]!)))].sort();
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
