import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

import { clientFiles } from "./import-graph";

/**
 * Which keys of each message namespace the client components under one provider can ask for, so
 * each page hands them those keys and no others (app/_shell/client-messages.tsx): the
 * client files reachable from the page (scripts/messages/import-graph.ts) are read, not the site.
 *
 * A key is needed when a `useTranslations("Namespace")` function is called with it (a literal,
 * either side of a `? :`, or a whole group for `group.${…}`). When one of those files translates
 * keys that travel as data (`useTranslations()`, `useMessages`: a zod issue of a schema it loads,
 * an upload's refusal), every "Namespace.key" written in them is needed too. A namespace is needed
 * whole when its function is called with a key computed at run time or handed to other code (a
 * hook's dependency list is neither), or when a template builds "Namespace.${…}" for data.
 * `useTranslations` under another name would hide its keys, so it fails.
 */
export type ClientKeys = Record<string, string[] | true>;

const CALL_FORMS = new Set(["rich", "markup", "raw", "has"]);
const HOOKS_WITH_DEPENDENCIES = new Set(["useCallback", "useMemo", "useEffect", "useLayoutEffect"]);
const TRANSLATES_DATA = /useTranslations\(\s*\)|useMessages\(|useMessageText\(/;

type Found = {
  keys: Map<string, Set<string>>;
  whole: Set<string>;
  dataKeys: Map<string, Set<string>>;
  dataWhole: Set<string>;
};

function addKey(map: Map<string, Set<string>>, namespace: string, key: string) {
  if (!map.has(namespace)) map.set(namespace, new Set());
  map.get(namespace)!.add(key);
}

/** `node` is an entry of a hook's dependency list (`useCallback(fn, [t])`): read, not called with a key. */
function isHookDependency(node: ts.Node): boolean {
  const list = node.parent;
  if (!ts.isArrayLiteralExpression(list) || !ts.isCallExpression(list.parent)) return false;
  const hook = list.parent;
  return (
    ts.isIdentifier(hook.expression) && HOOKS_WITH_DEPENDENCIES.has(hook.expression.text) && hook.arguments[1] === list
  );
}

/** The literal keys an argument can be, or null when it is computed at run time. */
function literalKeys(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalKeys(node.expression);
  // `group.${…}`: some key of one group, so the whole group.
  if (ts.isTemplateExpression(node) && /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\.$/.test(node.head.text))
    return [node.head.text.slice(0, -1)];
  if (ts.isConditionalExpression(node)) {
    const [yes, no] = [literalKeys(node.whenTrue), literalKeys(node.whenFalse)];
    return yes && no ? [...yes, ...no] : null;
  }
  return null;
}

function namespaceOf(call: ts.CallExpression): string | null {
  if (!ts.isIdentifier(call.expression) || call.expression.text !== "useTranslations") return null;
  const [argument] = call.arguments;
  return argument && ts.isStringLiteral(argument) ? argument.text : null;
}

function scanFile(file: string, text: string, found: Found, known: ReadonlySet<string>) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const add = (namespace: string, key: string) => addKey(found.keys, namespace, key);

  /** Every use of `name` (bound to `namespace`) inside `scope`: a call with literal keys, or anything else. */
  const followBinding = (name: string, namespace: string, prefix: string, scope: ts.Node, declaration: ts.Node) => {
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === name && node !== declaration && !isHookDependency(node)) {
        const parent = node.parent;
        const method = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent : null;
        const call = method ? method.parent : parent;
        const called =
          ts.isCallExpression(call) &&
          (method ? CALL_FORMS.has(method.name.text) && call.expression === method : call.expression === node);
        const keys = called && call.arguments[0] ? literalKeys(call.arguments[0]) : null;
        if (keys) keys.forEach((key) => add(namespace, prefix + key));
        else found.whole.add(namespace);
      }
      ts.forEachChild(node, visit);
    };
    visit(scope);
  };

  const visit = (node: ts.Node) => {
    if (
      ts.isImportSpecifier(node) &&
      node.propertyName?.text === "useTranslations" &&
      node.name.text !== "useTranslations"
    )
      throw new Error(
        `${file}: import useTranslations under its own name, or its keys go unseen (scripts/messages/client-keys.ts)`,
      );
    if (ts.isCallExpression(node)) {
      const namespace = namespaceOf(node);
      const full = namespace?.split(".")[0];
      if (namespace && full && known.has(full)) {
        const prefix = namespace.includes(".") ? namespace.slice(full.length + 1) + "." : "";
        const parent = node.parent;
        if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
          const scope =
            ts.findAncestor(parent, (ancestor) => ts.isBlock(ancestor) || ts.isSourceFile(ancestor)) ?? source;
          followBinding(parent.name.text, full, prefix, scope, parent.name);
        } else if (
          ts.isCallExpression(parent) &&
          parent.expression === node &&
          parent.arguments[0] &&
          literalKeys(parent.arguments[0])
        ) {
          literalKeys(parent.arguments[0])!.forEach((key) => add(full, prefix + key));
        } else found.whole.add(full);
      }
    }
    const namesNamespace =
      node.parent !== undefined && ts.isCallExpression(node.parent) && namespaceOf(node.parent) !== null;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !namesNamespace) {
      const match = /^([A-Z][A-Za-z]+)\.([A-Za-z0-9_.]+)$/.exec(node.text);
      if (match && known.has(match[1]!)) addKey(found.dataKeys, match[1]!, match[2]!);
    }
    if (ts.isTemplateExpression(node)) {
      const match = /^([A-Z][A-Za-z]+)\./.exec(node.head.text);
      if (match && known.has(match[1]!)) found.dataWhole.add(match[1]!);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Whether `key` ("a" or "a.b") names something in `messages`. */
function exists(messages: Record<string, unknown>, key: string): boolean {
  let at: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof at !== "object" || at === null || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

type Messages = Record<string, Record<string, unknown>>;

/** The keys `sources` (file name and text: one provider's client files) can ask for, of the namespaces in `messages`. */
export function clientKeysOf(sources: { file: string; text: string }[], messages: Messages): ClientKeys {
  const known = new Set(Object.keys(messages));
  const found: Found = { keys: new Map(), whole: new Set(), dataKeys: new Map(), dataWhole: new Set() };
  for (const { file, text } of sources) scanFile(file, text, found, known);
  if (sources.some(({ text }) => TRANSLATES_DATA.test(text))) {
    for (const [namespace, keys] of found.dataKeys) keys.forEach((key) => addKey(found.keys, namespace, key));
    found.dataWhole.forEach((namespace) => found.whole.add(namespace));
  }
  const result: ClientKeys = {};
  for (const namespace of [...new Set([...found.keys.keys(), ...found.whole])].sort()) {
    const keys = [...(found.keys.get(namespace) ?? [])].filter((key) => exists(messages[namespace]!, key)).sort();
    if (found.whole.has(namespace)) result[namespace] = true;
    else if (keys.length) result[namespace] = keys;
  }
  return result;
}

const LOCALE_ROUTES = "app/[locale]";
/** Rendered inside the layout's provider, not a page's: the error page, loading skeletons, not-found. */
const UNDER_LAYOUT = /(^|\/)(error|loading|not-found)\.tsx$/;

/** What a provider is called in i18n/client-message-keys.json: its file under app/[locale], "service/[id]" for service/[id]/page.tsx. */
export function providerName(file: string): string {
  return path
    .relative(LOCALE_ROUTES, file)
    .replace(/(^|\/)page\.tsx$/, "")
    .replace(/\.tsx$/, "");
}

/** The route files under app/[locale], relative to the repository. */
export function routeFiles(root: string): string[] {
  return (readdirSync(path.join(root, LOCALE_ROUTES), { recursive: true }) as string[])
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => path.join(LOCALE_ROUTES, file))
    .sort();
}

/** The keys the client components under `file` (a page, or the layout with its error, loading and not-found files) can ask for. */
export function clientKeysFor(root: string, file: string, messages: Messages): ClientKeys {
  const entries =
    path.basename(file) === "layout.tsx"
      ? [file, ...routeFiles(root).filter((route) => UNDER_LAYOUT.test(route))]
      : [file];
  const files = [...new Set(entries.flatMap((entry) => clientFiles(entry)))];
  return clientKeysOf(
    files.map((client) => ({ file: client, text: readFileSync(client, "utf8") })),
    messages,
  );
}

/** Every provider's keys: the layout and each page that renders <ClientMessages>, by provider name. */
export function computeClientKeys(root: string): Record<string, ClientKeys> {
  const messages = JSON.parse(readFileSync(path.join(root, "messages/en.json"), "utf8")) as Messages;
  const providers = routeFiles(root).filter((file) =>
    readFileSync(path.join(root, file), "utf8").includes("<ClientMessages"),
  );
  return Object.fromEntries(providers.map((file) => [providerName(file), clientKeysFor(root, file, messages)]));
}
