import type pg from "pg";

import { hashPassword } from "@/features/accounts/server/passwords";

import { sessionCookieIn } from "../session-cookie";
import type { Send } from "./traffic";

export const PASSWORD = "Dnipro-Ferry-7!";

export type Person = { id: string; email: string; ip: string; cookie: string; uploads: number; feedback: number };

/** `count` confirmed accounts, written straight into the database: signing up is not what the soak measures. */
export async function createPeople(db: pg.Pool, count: number): Promise<Omit<Person, "cookie">[]> {
  const users = (
    await db.query<{ id: string; email: string }>(
      `INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "emailVerifiedAt", "updatedAt")
       SELECT gen_random_uuid(), 'Soak ' || g, 'soak' || g || '@soak.local', 'soak' || g || '@soak.local', $1, now(), now() FROM generate_series(1, $2::int) g
       RETURNING id, email`,
      [await hashPassword(PASSWORD), count],
    )
  ).rows;
  return users.map((user, index) => ({ ...user, ip: `10.50.${index >> 8}.${index & 255}`, uploads: 0, feedback: 0 }));
}

/** Each person signed in through the API, from a client address of their own. */
export async function signIn(people: Omit<Person, "cookie">[], request: Send): Promise<Person[]> {
  const signedIn: Person[] = [];
  for (const person of people) {
    const response = await request("sign-in", "/api/users/login", {
      method: "POST",
      ip: person.ip,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: person.email, password: PASSWORD }),
    });
    const cookie = sessionCookieIn(response?.headers.getSetCookie() ?? []);
    if (!cookie) throw new Error(`sign-in failed for ${person.email}: ${response?.status}`);
    signedIn.push({ ...person, cookie });
  }
  return signedIn;
}
