import { createWriteStream, readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import type pg from "pg";

import { DEMO_ACCOUNTS } from "@/prisma/demo-accounts";

import { sessionCookieIn } from "../session-cookie";
import type { createVerdict } from "../verdict";
import { PASSWORD, type Person } from "./people";
import { HANG_MS } from "./traffic";

type Verdict = ReturnType<typeof createVerdict>;

/** The server's output (both streams), line by line, into `file`. */
export function keepServerLog(file: string, streams: (Readable | null)[]): { close: () => Promise<void> } {
  const out = createWriteStream(file);
  for (const stream of streams) stream?.pipe(out, { end: false });
  return { close: () => new Promise((resolve) => out.end(resolve)) };
}

const WRONG_PASSWORD = "Wrong-Ferry-8?";
// Nothing like the address (a password holding part of it is refused).
const NEW_PASSWORD = "Kharkiv-Bridge-93!";

/**
 * A probe's request: not part of the soak's traffic (its 401 is the point, not a failure), so it
 * is sent here rather than through the recorded traffic.
 */
export type Probe = (pathname: string, body: unknown, ip: string) => Promise<Response | null>;

export function probeAt(origin: string): Probe {
  return (pathname, body, ip) =>
    fetch(`${origin}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(HANG_MS),
    }).catch(() => null);
}

/**
 * Requests that carry every kind of secret past the server's log: the demo accounts' passwords, a
 * wrong password, sign-ups whose confirmation mails hold tokens (one is then used, with its
 * password), password resets (their mails hold tokens), and session cookies on every request.
 * Returns the session cookies it was given, which the log must not hold either.
 */
export async function sendSecrets(probe: Probe, people: Person[], stamp: number, verdict: Verdict): Promise<string[]> {
  const cookies: string[] = [];
  const statuses: number[] = [];
  const send = async (pathname: string, body: unknown, ip: string) => {
    const response = await probe(pathname, body, ip);
    statuses.push(response?.status ?? 0);
    const cookie = sessionCookieIn(response?.headers.getSetCookie() ?? []);
    if (cookie) cookies.push(cookie);
  };
  for (const [index, account] of DEMO_ACCOUNTS.entries())
    await send("/api/users/login", { email: account.email, password: account.password }, `10.60.0.${index + 1}`);
  await send("/api/users/login", { email: people[0]!.email, password: WRONG_PASSWORD }, "10.60.1.1");
  for (let i = 0; i < 2; i++)
    await send(
      "/api/users",
      { name: `Log Probe ${i}`, email: `log-probe-${stamp}-${i}@soak.local`, password: NEW_PASSWORD },
      `10.60.2.${i}`,
    );
  for (const [index, person] of people.slice(0, 3).entries())
    await send("/api/users/password-reset", { email: person.email }, `10.60.3.${index + 1}`);
  verdict.log(`log probes answered ${statuses.join(" ")} (demo sign-ins, a wrong password, sign-ups, resets)`);
  verdict.check(
    statuses.slice(4).join(" ") === "401 201 201 202 202 202",
    "the wrong password, the sign-ups and the resets were answered as such",
    statuses.join(" "),
  );
  return cookies;
}

/** The tokens in the links of every mail the run wrote (confirmations, resets, …). */
async function mailedTokens(db: pg.Pool): Promise<string[]> {
  const rows = (await db.query<{ text: string }>(`SELECT text FROM mail_outbox`)).rows;
  return [
    ...new Set(rows.flatMap((row) => [...row.text.matchAll(/[?&]token=([\w-]{8,})/g)].map((match) => match[1]!))),
  ];
}

/** Uses one confirmation link (token and password in one request), as a person would. */
export async function confirmOneSignUp(db: pg.Pool, probe: Probe, stamp: number): Promise<string | null> {
  const row = (
    await db.query<{ text: string }>(`SELECT text FROM mail_outbox WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1`, [
      `log-probe-${stamp}-0@soak.local`,
    ])
  ).rows[0];
  const token = row && /confirm-email\?token=([\w-]+)/.exec(row.text)?.[1];
  if (!token) return null;
  const response = await probe(`/api/users/confirm-email?token=${token}`, { password: NEW_PASSWORD }, "10.60.4.1");
  return sessionCookieIn(response?.headers.getSetCookie() ?? []);
}

const FULL_EMAIL = /[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

type Line = { level?: unknown; time?: unknown; msg?: unknown; requestId?: unknown; area?: unknown; type?: unknown };

/**
 * The server's log, read after the run: no password, token, session cookie, APP_SECRET or full
 * e-mail address anywhere in it; every line a JSON object with level, time and msg; every line
 * about a request (its answer, its failure, a security event) carrying the request's id.
 */
export async function checkServerLog(
  db: pg.Pool,
  file: string,
  given: { people: Person[]; cookies: string[]; appSecret: string },
  verdict: Verdict,
): Promise<void> {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const tokens = await mailedTokens(db);
  const cookieValues = [...given.people.map((person) => person.cookie), ...given.cookies].map((cookie) =>
    cookie.split("=").slice(1).join("="),
  );
  const secrets: [string, string[]][] = [
    ["password", [PASSWORD, WRONG_PASSWORD, NEW_PASSWORD, ...DEMO_ACCOUNTS.map((account) => account.password)]],
    ["session cookie value", cookieValues],
    ["mailed token", tokens],
    ["APP_SECRET", [given.appSecret]],
    [
      "known address",
      [...given.people.map((person) => person.email), ...DEMO_ACCOUNTS.map((account) => account.email)],
    ],
  ];
  for (const [what, values] of secrets) {
    const found = values.filter((value) => value.length >= 6 && text.includes(value));
    verdict.check(
      found.length === 0,
      `the server log holds no ${what} (${values.length} looked for)`,
      `${found.length} found, e.g. …${found[0]?.slice(0, 4)}…`,
    );
  }
  const addresses = [...new Set(text.match(FULL_EMAIL) ?? [])];
  verdict.check(
    addresses.length === 0,
    "the server log holds no full e-mail address",
    addresses.slice(0, 3).join(", "),
  );

  // Next prints its banner (▲ Next.js, - Local:, ✓ Ready) before any code of ours runs: the only
  // lines allowed not to be JSON, and only before the first line that is.
  let banner = 0;
  let seenJson = false;
  const notJson: string[] = [];
  const incomplete: string[] = [];
  let aboutRequests = 0;
  const withoutId: string[] = [];
  for (const raw of lines) {
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
      seenJson = true;
    } catch {
      if (!seenJson && /^\s*(?:▲|-|✓) /.test(raw)) banner++;
      else notJson.push(raw);
      continue;
    }
    if (typeof line.level !== "string" || typeof line.time !== "string" || typeof line.msg !== "string")
      incomplete.push(raw);
    if (line.area === "http" || line.area === "api" || line.area === "next" || line.type === "security") {
      aboutRequests++;
      if (typeof line.requestId !== "string" || line.requestId === "") withoutId.push(raw);
    }
  }
  verdict.check(
    notJson.length === 0,
    `every line of the server log is JSON (${lines.length} lines, ${banner} of them Next's start banner before any)`,
    notJson[0],
  );
  verdict.check(incomplete.length === 0, "every line has level, time and msg", incomplete[0]);
  verdict.check(
    aboutRequests > 0 && withoutId.length === 0,
    `every line about a request carries its requestId (${aboutRequests} lines)`,
    withoutId[0] ?? "no such line",
  );
  console.log(`server log: ${lines.length} lines in ${file}; ${tokens.length} mailed tokens looked for`);
}
