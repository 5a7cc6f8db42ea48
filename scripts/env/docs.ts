import path from "node:path";
import { format, resolveConfig } from "prettier";

import { ALIASES, ENV_NAMES, GROUP_TITLES, VARIABLES, type EnvName } from "@/lib/env";

/**
 * docs/environment.md and .env.example, written from lib/env.ts's VARIABLES (`npm run env:docs`;
 * tests/unit/environment-docs.test.ts fails while either is stale): the schema is the one place a
 * variable's type, default and meaning are written.
 */
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const EXAMPLE_FILE = ".env.example";
export const DOCS_FILE = "docs/environment.md";

type Definition = {
  group: keyof typeof GROUP_TITLES;
  description: string;
  type: string;
  default?: string;
  production?: { required: string };
  readBy?: string;
};
const definition = (name: EnvName) => VARIABLES[name] as Definition;
const groups = () =>
  (Object.keys(GROUP_TITLES) as (keyof typeof GROUP_TITLES)[]).map((group) => ({
    group,
    names: ENV_NAMES.filter((name) => definition(name).group === group),
  }));
const aliasesOf = (name: EnvName) =>
  Object.entries(ALIASES)
    .filter(([, target]) => target === name)
    .map(([alias]) => alias);

const HEADER = [
  "Every variable Maister reads, with its default and meaning. Written by `npm run env:docs` from",
  "lib/env.ts (the schema the server checks at start); edit the schema, not this file.",
];
const WHERE_READ = [
  "Next reads `.env` files itself for `next dev`, `next build` and `next start` (`.env.local` is for your",
  "machine's own values; neither is committed). The database scripts (`npm run db:*`, and the migration",
  "step `npm run dev` and `npm start` take first) run outside Next and read only the shell's variables.",
];

/** `.env.example`: every variable commented out at its development default, under its meaning. */
export function envExample(): string {
  const lines = [
    ...HEADER,
    "",
    ...WHERE_READ,
    "",
    "Copy it to .env (or .env.local) and uncomment what you change.",
  ].map((line) => (line ? `# ${line}` : "#"));
  for (const { group, names } of groups()) {
    lines.push("", `# ---- ${GROUP_TITLES[group]} ----`);
    for (const name of names) {
      const { description, type, default: fallback, production, readBy } = definition(name);
      lines.push("");
      const aliases = aliasesOf(name).map(
        (alias) => `Its old name ${alias} is still read when it is unset (${name} wins when both are set).`,
      );
      for (const line of wrap([description, ...aliases].join(" "), 98)) lines.push(`# ${line}`);
      lines.push(
        `# Type: ${type}.${production ? " Required in production." : ""}${readBy ? ` Read by ${readBy} itself.` : ""}`,
      );
      lines.push(`# ${name}=${fallback ?? ""}`);
    }
  }
  return lines.join("\n") + "\n";
}

/** docs/environment.md: one table per group, formatted as prettier formats it (`npm run lint` checks). */
export async function environmentMarkdown(): Promise<string> {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const lines = [
    "# Environment",
    "",
    ...HEADER,
    "",
    ...WHERE_READ,
    "",
    "`.env.example` lists the same variables, commented out at their development defaults.",
  ];
  lines.push(
    "",
    "Development and test start with nothing set. A production server requires the variables marked so,",
    "and refuses to start while any variable is missing or unusable, printing one line per variable;",
    "a value that is set but unusable is refused in development too.",
  );
  for (const { group, names } of groups()) {
    lines.push(
      "",
      `## ${GROUP_TITLES[group]}`,
      "",
      "| variable | type | default in development | required in production | meaning |",
      "| --- | --- | --- | --- | --- |",
    );
    for (const name of names) {
      const { description, type, default: fallback, production, readBy } = definition(name);
      const meaning = [description, readBy ? `Read by ${readBy} itself.` : ""].filter(Boolean).join(" ");
      lines.push(
        `| \`${name}\` | ${cell(type)} | ${fallback === undefined ? "unset" : `\`${cell(fallback)}\``} | ${production ? "yes" : "no"} | ${cell(meaning)} |`,
      );
      for (const alias of aliasesOf(name)) {
        lines.push(
          `| \`${alias}\` | ${cell(type)} | unset | no | The old name of \`${name}\`, still read when \`${name}\` is unset (with a warning at start; \`${name}\` wins when both are set). |`,
        );
      }
    }
  }
  const file = path.join(ROOT, DOCS_FILE);
  return format(lines.join("\n") + "\n", { ...(await resolveConfig(file)), filepath: file });
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
