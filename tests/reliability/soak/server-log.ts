import { createWriteStream, readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import type pg from "pg";

import { DEMO_ACCOUNTS } from "@/prisma/demo-accounts";

import { sessionCookieIn } from "../session-cookie";
import type { createVerdict } from "../verdict";
import { PASSWORD, type Person } from "./people";
import type { Send } from "./traffic";

type Verdict = ReturnType<typeof createVerdict>;

/** The server's output (both streams), line by line, into `file`. */
export function keepServerLog(file: string, streams: (Readable | null)[]): { close: () => Promise<void> } {
  const out = createWriteStream(file);
  for (const stream of streams) stream?.pipe(out, { end: false });
  return { close: () => new Promise((resolve) => out.end(resolve)) };
}

const WRONG_PASSWORD = "Wrong-Ferry-8?";
const NEW_PASSWORD = "Kharkiv-Log-Probe-9!";

/**
 * Requests that carry every kind of secret past the server's log: the demo accounts' passwords, a
 * wrong password, sign-ups whose confirmation mails hold tokens (one is then used, with its
 * password), password resets (their mails hold tokens), and session cookies on every request.
 * Returns the session cookies it was given, which the log must not hold either.
 */
export async function sendSecrets(request: Send, people: Person[], stamp: number): Promise<string[]> {
  const cookies: string[] = [];
  const json = (body: unknown, ip: string) => ({
    method: "POST",
    ip,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const response = await request(
      "log probe",
      "/api/users/login",
      json({ email: account.email, password: account.password }, `10.60.0.${index + 1}`),
    );
    const cookie = sessionCookieIn(response?.headers.getSetCookie() ?? []);
    if (cookie) cookies.push(cookie);
  }
  await request(
    "log probe",
    "/api/users/login",
    json({ email: people[0]!.email, password: WRONG_PASSWORD }, "10.60.1.1"),
  );
  for (let i = 0; i < 2; i++)
    await request(
      "log probe",
      "/api/users",
      json(
        { name: `Log Probe ${i}`, email: `log-probe-${stamp}-${i}@soak.local`, password: NEW_PASSWORD },
        `10.60.2.${i}`,
      ),
    );
  for (const person of people.slice(0, 3))
    await request("log probe", "/api/users/password-reset", json({ email: person.email }, "10.60.3.1"));
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
export async function confirmOneSignUp(db: pg.Pool, request: Send, stamp: number): Promise<string | null> {
  const row = (
    await db.query<{ text: string }>(`SELECT text FROM mail_outbox WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1`, [
      `log-probe-${stamp}-0@soak.local`,
    ])
  ).rows[0];
  const token = row && /confirm-email\?token=([\w-]+)/.exec(row.text)?.[1];
  if (!token) return null;
  const response = await request("log probe", `/api/users/confirm-email?token=${token}`, {
    method: "POST",
    ip: "10.60.4.1",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: NEW_PASSWORD }),
  });
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
    ["a password", [PASSWORD, WRONG_PASSWORD, NEW_PASSWORD, ...DEMO_ACCOUNTS.map((account) => account.password)]],
    ["a session cookie's value", cookieValues],
    ["a mailed token", tokens],
    ["APP_SECRET", [given.appSecret]],
    [
      "a known address",
      [...given.people.map((person) => person.email), ...DEMO_ACCOUNTS.map((account) => account.email)],
    ],
  ];
  for (const [what, values] of secrets) {
    const found = values.filter((value) => value.length >= 6 && text.includes(value));
    verdict.check(
      found.length === 0,
      `the server log holds no ${what} (${values.length} checked)`,
      `${found.length} found, e.g. …${found[0]?.slice(0, 4)}…`,
    );
  }
  const addresses = [...new Set(text.match(FULL_EMAIL) ?? [])];
  verdict.check(
    addresses.length === 0,
    "the server log holds no full e-mail address",
    addresses.slice(0, 3).join(", "),
  );

  const notJson: string[] = [];
  const incomplete: string[] = [];
  let aboutRequests = 0;
  const withoutId: string[] = [];
  for (const raw of lines) {
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      notJson.push(raw);
      continue;
    }
    if (typeof line.level !== "string" || typeof line.time !== "string" || typeof line.msg !== "string")
      incomplete.push(raw);
    if (line.area === "http" || line.area === "api" || line.type === "security") {
      aboutRequests++;
      if (typeof line.requestId !== "string" || line.requestId === "") withoutId.push(raw);
    }
  }
  verdict.check(notJson.length === 0, `every line of the server log is JSON (${lines.length} lines)`, notJson[0]);
  verdict.check(incomplete.length === 0, "every line has level, time and msg", incomplete[0]);
  verdict.check(
    aboutRequests > 0 && withoutId.length === 0,
    `every line about a request carries its requestId (${aboutRequests} lines)`,
    withoutId[0] ?? "no such line",
  );
  console.log(`server log: ${lines.length} lines in ${file}; ${tokens.length} mailed tokens looked for`);
}
