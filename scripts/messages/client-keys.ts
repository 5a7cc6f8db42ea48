import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Which keys of each message namespace the browser can ask for, so a page hands its client
 * components those keys and not the whole namespace (components/layout/client-messages.tsx).
 *
 * A key is needed when a `useTranslations("Namespace")` function is called with it (a literal,
 * either side of a `? :`, or a whole group for `group.${…}`), or when "Namespace.key" is written
 * anywhere in the code: keys that travel as data (a zod issue, an API error, a server action's
 * answer) are translated in the browser by `useTranslations()`. A namespace is needed whole when
 * its function is called with a key computed at run time, handed to other code, or when a template
 * builds "Namespace.${…}". `useTranslations` under another name would hide its keys, so it fails.
 */
export type ClientKeys = Record<string, string[] | true>;

const SCANNED = ["app", "components", "lib"];
const CALL_FORMS = new Set(["rich", "markup", "raw", "has"]);

function sourceFiles(root: string): string[] {
  return SCANNED.flatMap((folder) =>
    (readdirSync(path.join(root, folder), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !file.includes("generated"))
      .map((file) => path.join(root, folder, file)),
  );
}

type Found = { keys: Map<string, Set<string>>; whole: Set<string> };

/** The literal keys an argument can be, or null when it is computed at run time. */
function literalKeys(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalKeys(node.expression);
  // `group.${…}`: some key of one group, so the whole group.
  if (ts.isTemplateExpression(node) && /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\.$/.test(node.head.text)) return [node.head.text.slice(0, -1)];
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
  const add = (namespace: string, key: string) => {
    if (!found.keys.has(namespace)) found.keys.set(namespace, new Set());
    found.keys.get(namespace)!.add(key);
  };

  /** Every use of `name` (bound to `namespace`) inside `scope`: a call with literal keys, or anything else. */
  const followBinding = (name: string, namespace: string, prefix: string, scope: ts.Node, declaration: ts.Node) => {
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === name && node !== declaration) {
        const parent = node.parent;
        const method = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent : null;
        const call = method ? method.parent : parent;
        const called = ts.isCallExpression(call) && (method ? CALL_FORMS.has(method.name.text) && call.expression === method : call.expression === node);
        const keys = called && call.arguments[0] ? literalKeys(call.arguments[0]) : null;
        if (keys) keys.forEach((key) => add(namespace, prefix + key));
        else found.whole.add(namespace);
      }
      ts.forEachChild(node, visit);
    };
    visit(scope);
  };

  const visit = (node: ts.Node) => {
    if (ts.isImportSpecifier(node) && node.propertyName?.text === "useTranslations" && node.name.text !== "useTranslations")
      throw new Error(`${file}: import useTranslations under its own name, or its keys go unseen (scripts/messages/client-keys.ts)`);
    if (ts.isCallExpression(node)) {
      const namespace = namespaceOf(node);
      const full = namespace?.split(".")[0];
      if (namespace && full && known.has(full)) {
        const prefix = namespace.includes(".") ? namespace.slice(full.length + 1) + "." : "";
        const parent = node.parent;
        if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
          const scope = ts.findAncestor(parent, (ancestor) => ts.isBlock(ancestor) || ts.isSourceFile(ancestor)) ?? source;
          followBinding(parent.name.text, full, prefix, scope, parent.name);
        } else if (ts.isCallExpression(parent) && parent.expression === node && parent.arguments[0] && literalKeys(parent.arguments[0])) {
          literalKeys(parent.arguments[0])!.forEach((key) => add(full, prefix + key));
        } else found.whole.add(full);
      }
    }
    const namesNamespace = node.parent !== undefined && ts.isCallExpression(node.parent) && namespaceOf(node.parent) !== null;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !namesNamespace) {
      const match = /^([A-Z][A-Za-z]+)\.([A-Za-z0-9_.]+)$/.exec(node.text);
      if (match && known.has(match[1]!)) add(match[1]!, match[2]!);
    }
    if (ts.isTemplateExpression(node)) {
      const match = /^([A-Z][A-Za-z]+)\./.exec(node.head.text);
      if (match && known.has(match[1]!)) found.whole.add(match[1]!);
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

/** The keys `sources` (file name and text) can ask for, of the namespaces in `messages`. */
export function clientKeysOf(sources: { file: string; text: string }[], messages: Messages): ClientKeys {
  const known = new Set(Object.keys(messages));
  const found: Found = { keys: new Map(), whole: new Set() };
  for (const { file, text } of sources) scanFile(file, text, found, known);
  const result: ClientKeys = {};
  for (const namespace of [...new Set([...found.keys.keys(), ...found.whole])].sort()) {
    const keys = [...(found.keys.get(namespace) ?? [])].filter((key) => exists(messages[namespace]!, key)).sort();
    if (found.whole.has(namespace)) result[namespace] = true;
    else if (keys.length) result[namespace] = keys;
  }
  return result;
}

export function computeClientKeys(root: string): ClientKeys {
  const messages = JSON.parse(readFileSync(path.join(root, "messages/en.json"), "utf8")) as Messages;
  return clientKeysOf(
    sourceFiles(root).map((file) => ({ file, text: readFileSync(file, "utf8") })),
    messages,
  );
}
