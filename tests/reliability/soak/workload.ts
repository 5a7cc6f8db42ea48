import { encodePng } from "@/lib/png";

import { STATION_INPUT } from "../../helpers/service-input";
import type { Person } from "./people";
import type { Send } from "./traffic";

/** The upload limit is 30 per hour per person; stay under it so every refusal is a failure. */
const UPLOADS_PER_USER = 25;
/** Feedback is limited to 5 per hour per address; each person sends at most this many. */
const FEEDBACK_PER_USER = 4;
/**
 * New reviews are limited to 6 an hour per account (30 per address); each person reviews at most
 * this many services, then edits those reviews, which are not counted.
 */
const NEW_REVIEWS_PER_USER = 5;
/** Requests for a price are limited to 5 a day per driver (and 5 open at once); each person sends at most this many. */
const REQUESTS_PER_USER = 3;

const now = () => new Date().toISOString();
const LISTS = [
  "/api/items",
  "/api/items?page=3",
  "/api/items?keyword=toyota",
  "/api/items?filter=mechanic&sort=rating.desc",
  "/api/items?near=50.4501,30.5234",
  () => `/api/items?near=49.84,24.03&open=true&userDateTime=${encodeURIComponent(now())}&sort=rating.desc`,
];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const png = (seed: number) =>
  encodePng(8, 8, (x, y) => [(seed * 37 + x * 20) % 256, (seed * 11 + y * 20) % 256, seed % 256]);

/** Every write the app answered (or did not), to compare with the database afterwards. */
export type Written = {
  reviews: { userId: string; serviceId: string; quality: number; status: number; at: number }[];
  uploads: { userId: string; id: string | null; status: number }[];
  payments: { userId: string; stationId: string | null; status: number }[];
  feedback: { title: string; status: number }[];
  requests: { userId: string; serviceIds: string[]; id: string | null; status: number }[];
};

/**
 * What people do, in the mix of a busy day: lists, details, the map and pages; reviews, uploads,
 * feedback that is mailed, requests for a price (mailed to each service's owner), and station
 * orders paid in test mode. `targets` are published services, `askable` those with an owner to
 * answer a request.
 */
export function workload(
  request: Send,
  targets: string[],
  askable: string[],
): { written: Written; act(person: Person, seed: number): Promise<void> } {
  const written: Written = { reviews: [], uploads: [], payments: [], feedback: [], requests: [] };
  const reviewed = new Map<string, string[]>();
  const asked = new Map<string, string[]>();

  async function act(person: Person, seed: number): Promise<void> {
    const roll = Math.random();
    if (roll < 0.3) {
      const list = pick(LISTS);
      await request("GET /api/items", typeof list === "function" ? list() : list);
    } else if (roll < 0.42) {
      await request("GET /api/items/{id}", `/api/items/${pick(targets)}`);
    } else if (roll < 0.5) {
      const west = 22.5 + Math.random() * 14;
      const south = 44.5 + Math.random() * 5;
      await request(
        "GET /api/items/locations",
        `/api/items/locations?bbox=${west.toFixed(3)},${south.toFixed(3)},${(west + 2).toFixed(3)},${(south + 1).toFixed(3)}&zoom=9`,
      );
    } else if (roll < 0.6) {
      await request("HTML page", pick(["/services", "/home", `/service/${pick(targets)}`, "/ua/services"]));
    } else if (roll < 0.8) {
      const own = reviewed.get(person.id) ?? [];
      const serviceId = own.length < NEW_REVIEWS_PER_USER ? pick(targets) : pick(own);
      if (!own.includes(serviceId)) reviewed.set(person.id, [...own, serviceId]);
      const quality = 1 + (seed % 5);
      const at = Date.now();
      const response = await request("POST review", `/api/items/${serviceId}/reviews`, {
        method: "POST",
        cookie: person.cookie,
        ip: person.ip,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rating: { quality, speed: 3, price: 4 }, comment: `soak ${seed}` }),
      });
      written.reviews.push({ userId: person.id, serviceId, quality, status: response?.status ?? 0, at });
    } else if (roll < 0.9 && person.uploads < UPLOADS_PER_USER) {
      person.uploads++;
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(png(seed))], { type: "image/png" }), "soak.png");
      const response = await request("POST upload", "/api/uploads", {
        method: "POST",
        cookie: person.cookie,
        body: form,
      });
      const body = response?.status === 201 ? ((await response.json()) as { id: string }) : null;
      written.uploads.push({ userId: person.id, id: body?.id ?? null, status: response?.status ?? 0 });
    } else if (roll < 0.93 && person.feedback < FEEDBACK_PER_USER) {
      person.feedback++;
      const title = `soak feedback [${seed}]`;
      const response = await request("POST feedback", "/api/etc/feedback", {
        method: "POST",
        cookie: person.cookie,
        ip: person.ip,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title, message: "Sent during the soak.", email: person.email }),
      });
      written.feedback.push({ title, status: response?.status ?? 0 });
    } else if (roll < 0.96 && (asked.get(person.id)?.length ?? 0) < REQUESTS_PER_USER * 3) {
      // One to three services, none this person asked before (one open request per driver and service).
      const before = asked.get(person.id) ?? [];
      const serviceIds = [
        ...new Set(Array.from({ length: 1 + (seed % 3) }, () => pick(askable)).filter((id) => !before.includes(id))),
      ];
      if (
        !serviceIds.length ||
        written.requests.filter((entry) => entry.userId === person.id).length >= REQUESTS_PER_USER
      )
        return;
      asked.set(person.id, [...before, ...serviceIds]);
      const response = await request("POST request", "/api/requests", {
        method: "POST",
        cookie: person.cookie,
        ip: person.ip,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          serviceIds,
          job: "oil_change",
          car: { make: "Toyota", model: "Corolla", year: 2015, fuel: "petrol" },
          when: { asap: true },
        }),
      });
      const body = response?.status === 201 ? ((await response.json()) as { _id: string }) : null;
      written.requests.push({ userId: person.id, serviceIds, id: body?._id ?? null, status: response?.status ?? 0 });
    } else {
      const order = await request("POST order", "/api/items/users/sto-order", {
        method: "POST",
        cookie: person.cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...STATION_INPUT, name: `Soak station ${seed}` }),
      });
      if (order?.status !== 201) return;
      const { _id } = (await order.json()) as { _id: string };
      const paid = await request("PUT pay (test)", `/api/items/users/${_id}/pay`, {
        method: "PUT",
        cookie: person.cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ paymentMethod: "test" }),
      });
      written.payments.push({ userId: person.id, stationId: _id, status: paid?.status ?? 0 });
    }
  }

  return { written, act };
}
