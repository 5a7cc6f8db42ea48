// The deploy/ configuration files (nginx.conf, pgbouncer.ini) hold ${NAME} placeholders that
// compose fills in its containers and the reliability runs fill here, so both use the same files.
import { readFileSync } from "node:fs";
import path from "node:path";

const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}/g;

/** The placeholders a template names, each once, in order. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * Fills every placeholder of `template`; throws when one has no value or a value has no
 * placeholder, so a file and the code filling it cannot drift apart silently.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const names = placeholdersOf(template);
  const missing = names.filter((name) => values[name] === undefined);
  const unused = Object.keys(values).filter((name) => !names.includes(name));
  if (missing.length || unused.length)
    throw new Error(
      `template placeholders: missing ${missing.join(", ") || "none"}; unknown ${unused.join(", ") || "none"}`,
    );
  return template.replace(PLACEHOLDER, (_, name: string) => values[name]!);
}

/** deploy/<file>, filled. */
export function renderDeployFile(file: string, values: Record<string, string>): string {
  return fillTemplate(readFileSync(path.join(process.cwd(), "deploy", file), "utf8"), values);
}
