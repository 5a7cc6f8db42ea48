import * as cards from "@/app/api/items/cards/route";
import * as savedOne from "@/app/api/users/saved/[id]/route";
import * as saved from "@/app/api/users/saved/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/** The Saved routes as the browser calls them, and the people the tests need. */
export const nextAddress = addresses("10.71");

export type Person = Awaited<ReturnType<typeof makeUser>> & { cookie: string };

export async function person(options: { isAdmin?: boolean } = {}): Promise<Person> {
  const user = await makeUser({ isAdmin: options.isAdmin });
  return { ...user, cookie: await signIn(user.email) };
}

type Answer = { status: number; body: Record<string, unknown> };

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const headersOf = (locale?: "en" | "uk"): Record<string, string> => (locale ? { "accept-language": locale } : {});

export async function listSaved(who: Person | null, locale?: "en" | "uk") {
  return answer(
    await call(
      saved.GET,
      apiRequest("GET", "/api/users/saved", { cookie: who?.cookie, ip: nextAddress(), headers: headersOf(locale) }),
    ),
  );
}

export async function addSaved(who: Person | null, body: unknown, locale?: "en" | "uk") {
  return answer(
    await call(
      saved.POST,
      apiRequest("POST", "/api/users/saved", {
        body,
        cookie: who?.cookie,
        ip: nextAddress(),
        headers: headersOf(locale),
      }),
    ),
  );
}

export async function mergeSaved(who: Person | null, body: unknown, locale?: "en" | "uk") {
  return answer(
    await call(
      saved.PUT,
      apiRequest("PUT", "/api/users/saved", {
        body,
        cookie: who?.cookie,
        ip: nextAddress(),
        headers: headersOf(locale),
      }),
    ),
  );
}

export async function removeSaved(who: Person | null, id: string, locale?: "en" | "uk") {
  return answer(
    await call(
      savedOne.DELETE,
      apiRequest("DELETE", `/api/users/saved/${encodeURIComponent(id)}`, {
        cookie: who?.cookie,
        ip: nextAddress(),
        headers: headersOf(locale),
      }),
      params({ id }),
    ),
  );
}

export async function readCards(query: string, locale?: "en" | "uk") {
  const response = await call(
    cards.GET,
    apiRequest("GET", `/api/items/cards${query}`, { ip: nextAddress(), headers: headersOf(locale) }),
  );
  return { ...(await answer(response)), cacheControl: response.headers.get("cache-control") };
}

export const idsOf = (body: Record<string, unknown>) => (body.items as { _id: string }[]).map((item) => item._id);

export async function savedRows(userId: string) {
  const rows = await (await getPrisma()).savedService.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => row.serviceId);
}

/**
 * Many published stations at once, without a timetable each (the cap's tests need a hundred): one
 * owner, one statement.
 */
export async function manyStations(count: number, ownerId?: string): Promise<string[]> {
  const prisma = await getPrisma();
  const owner = ownerId ?? (await makeUser()).id;
  const stamp = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    role: "sto" as const,
    ownerId: owner,
    name: `Bulk station ${stamp}-${i}`,
    contactMail: `bulk${stamp}-${i}@test.local`,
    latitude: 50.45,
    longitude: 30.52,
    address: "вул. Тестова, 1, Київ",
    description: "",
    brand: "Any",
    category: "any" as const,
    isPaid: true,
    timeZone: "Europe/Kyiv",
  }));
  const created = await prisma.service.createManyAndReturn({ data: rows, select: { id: true } });
  return created.map((row) => row.id);
}

export { makeService, makeUser };
