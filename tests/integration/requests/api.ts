import { randomBytes } from "node:crypto";

import * as adminClose from "@/app/api/items/admin/requests/[id]/close/route";
import * as adminList from "@/app/api/items/admin/requests/route";
import * as accept from "@/app/api/requests/[id]/accept/route";
import * as answers from "@/app/api/requests/[id]/answers/route";
import * as cancel from "@/app/api/requests/[id]/cancel/route";
import * as messages from "@/app/api/requests/[id]/messages/route";
import * as detail from "@/app/api/requests/[id]/route";
import * as inboxCount from "@/app/api/requests/inbox/count/route";
import * as inbox from "@/app/api/requests/inbox/route";
import * as mine from "@/app/api/requests/mine/route";
import * as create from "@/app/api/requests/route";
import * as suggest from "@/app/api/requests/suggest/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * The request routes as a browser calls them, and the people and places the tests of requests
 * for a price need. Every write comes from a client address of its own unless a test names one
 * (the per-address throttle has its own test).
 */
export const nextAddress = addresses("10.93");

export type Person = Awaited<ReturnType<typeof makeUser>> & { cookie: string };

export async function person(
  options: { locale?: "en" | "uk"; isAdmin?: boolean; name?: string } = {},
): Promise<Person> {
  const user = await makeUser({ isAdmin: options.isAdmin, name: options.name });
  if (options.locale)
    await (await getPrisma()).user.update({ where: { id: user.id }, data: { locale: options.locale } });
  return { ...user, locale: options.locale ?? user.locale, cookie: await signIn(user.email) };
}

/** A signed-in user whose account an admin then blocked: the session no longer counts. */
export async function blockedPerson(): Promise<Person> {
  const someone = await person();
  await (await getPrisma()).user.update({ where: { id: someone.id }, data: { isBlocked: true } });
  return someone;
}

/** A published station with its own owner, near Vinnytsia unless told; optionally with prices. */
export async function shop(
  options: {
    owner?: Person;
    locale?: "en" | "uk";
    name?: string;
    lat?: number;
    lng?: number;
    prices?: Record<string, number>;
    ratings?: NonNullable<Parameters<typeof makeService>[0]>["ratings"];
  } = {},
) {
  const owner = options.owner ?? (await person({ locale: options.locale }));
  const service = await makeService({
    ownerId: owner.id,
    name: options.name,
    lat: options.lat,
    lng: options.lng,
    ratings: options.ratings,
  });
  const prices = Object.entries(options.prices ?? {});
  if (prices.length)
    await (
      await getPrisma()
    ).servicePrice.createMany({
      data: prices.map(([job, fromUah], position) => ({ serviceId: service.id, job, fromUah, position })),
    });
  return { ...service, owner };
}

export const validCar = { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" } as const;

/** A day from today in YYYY-MM-DD (UTC: tests keep well inside the allowed range). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function requestBody(serviceIds: string[], change: Record<string, unknown> = {}) {
  return { serviceIds, job: "brake_pads", car: validCar, when: { asap: true }, ...change };
}

/** An upload of the user's own, as the image pipeline stores it. */
export async function uploadOf(ownerId: string): Promise<string> {
  const bytes = randomBytes(32);
  const image = await (
    await getPrisma()
  ).image.create({
    data: { bytes, contentType: "image/png", size: bytes.length, sha256: bytes.toString("hex"), ownerId },
  });
  return `/api/uploads/${image.id}`;
}

type Query = Record<string, string>;
const search = (query: Query = {}) => {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : "";
};

export const api = {
  create: (body: unknown, cookie?: string, options: { lng?: string; ip?: string } = {}) =>
    call(
      create.POST,
      apiRequest("POST", `/api/requests${options.lng ? `?lng=${options.lng}` : ""}`, {
        body,
        cookie,
        ip: options.ip ?? nextAddress(),
      }),
    ),
  mine: (cookie?: string) => call(mine.GET, apiRequest("GET", "/api/requests/mine", { cookie })),
  detail: (id: string, cookie?: string) =>
    call(detail.GET, apiRequest("GET", `/api/requests/${id}`, { cookie }), params({ id })),
  suggest: (query: Query, cookie?: string) =>
    call(suggest.GET, apiRequest("GET", `/api/requests/suggest${search(query)}`, { cookie })),
  inbox: (query: Query, cookie?: string) =>
    call(inbox.GET, apiRequest("GET", `/api/requests/inbox${search(query)}`, { cookie })),
  inboxCount: (cookie?: string) => call(inboxCount.GET, apiRequest("GET", "/api/requests/inbox/count", { cookie })),
  answer: (id: string, body: unknown, cookie?: string) =>
    call(
      answers.POST,
      apiRequest("POST", `/api/requests/${id}/answers`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
  accept: (id: string, body: unknown, cookie?: string) =>
    call(
      accept.POST,
      apiRequest("POST", `/api/requests/${id}/accept`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
  cancel: (id: string, body: unknown, cookie?: string) =>
    call(
      cancel.POST,
      apiRequest("POST", `/api/requests/${id}/cancel`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
  thread: (id: string, serviceId: string | null, cookie?: string, options: { lng?: string } = {}) =>
    call(
      messages.GET,
      apiRequest(
        "GET",
        `/api/requests/${id}/messages${search({
          ...(serviceId === null ? {} : { serviceId }),
          ...(options.lng ? { lng: options.lng } : {}),
        })}`,
        { cookie },
      ),
      params({ id }),
    ),
  write: (id: string, body: unknown, cookie?: string, options: { lng?: string } = {}) =>
    call(
      messages.POST,
      apiRequest("POST", `/api/requests/${id}/messages${options.lng ? `?lng=${options.lng}` : ""}`, {
        body,
        cookie,
        ip: nextAddress(),
      }),
      params({ id }),
    ),
  adminList: (query: Query, cookie?: string) =>
    call(adminList.GET, apiRequest("GET", `/api/items/admin/requests${search(query)}`, { cookie })),
  adminClose: (id: string, body: unknown, cookie?: string) =>
    call(
      adminClose.POST,
      apiRequest("POST", `/api/items/admin/requests/${id}/close`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
};

/** Sends a request and returns its id (the test fails on anything but a 201). */
export async function sendRequest(driver: Person, serviceIds: string[], change: Record<string, unknown> = {}) {
  const response = await api.create(requestBody(serviceIds, change), driver.cookie);
  if (response.status !== 201) throw new Error(`request answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { _id: string })._id;
}

/** Answers as the service's owner and returns the answer's id. */
export async function answerAs(owner: Person, requestId: string, serviceId: string, body: Record<string, unknown>) {
  const response = await api.answer(requestId, { serviceId, ...body }, owner.cookie);
  if (response.status !== 201) throw new Error(`answer answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { _id: string })._id;
}

/** The mails of a kind to an address, oldest first. */
export async function mailsTo(to: string, kind?: string) {
  return (await getPrisma()).mailOutbox.findMany({
    where: { to, ...(kind ? { kind } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
