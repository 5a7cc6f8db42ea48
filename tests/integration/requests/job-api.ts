import * as dispute from "@/app/api/items/admin/requests/[id]/dispute/route";
import * as disputes from "@/app/api/items/admin/requests/disputes/route";
import * as done from "@/app/api/requests/[id]/done/route";
import * as extra from "@/app/api/requests/[id]/extras/[extraId]/route";
import * as extras from "@/app/api/requests/[id]/extras/route";
import * as job from "@/app/api/requests/[id]/job/route";

import { apiRequest, call, params } from "../../helpers/request";
import { answerAs, api, nextAddress, person, sendRequest, shop, type Person } from "./api";

/** The job routes as a browser calls them (`lng` picks the answer's language). */
const query = (lng?: string) => (lng ? `?lng=${lng}` : "");

export const jobApi = {
  get: (id: string, cookie?: string) =>
    call(job.GET, apiRequest("GET", `/api/requests/${id}/job`, { cookie }), params({ id })),
  propose: (id: string, body: unknown, cookie?: string, lng?: string) =>
    call(
      extras.POST,
      apiRequest("POST", `/api/requests/${id}/extras${query(lng)}`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
  decideExtra: (id: string, extraId: string, body: unknown, cookie?: string) =>
    call(
      extra.PUT,
      apiRequest("PUT", `/api/requests/${id}/extras/${extraId}`, { body, cookie, ip: nextAddress() }),
      params({ id, extraId }),
    ),
  done: (id: string, body: unknown, cookie?: string, lng?: string) =>
    call(
      done.POST,
      apiRequest("POST", `/api/requests/${id}/done${query(lng)}`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
  decide: (id: string, body: unknown, cookie?: string, lng?: string) =>
    call(
      done.PUT,
      apiRequest("PUT", `/api/requests/${id}/done${query(lng)}`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
  disputes: (cookie?: string) =>
    call(disputes.GET, apiRequest("GET", "/api/items/admin/requests/disputes", { cookie })),
  resolve: (id: string, body: unknown, cookie?: string) =>
    call(
      dispute.PUT,
      apiRequest("PUT", `/api/items/admin/requests/${id}/dispute`, { body, cookie, ip: nextAddress() }),
      params({ id }),
    ),
};

export type Shop = Awaited<ReturnType<typeof shop>>;

/**
 * A request its driver accepted through the routes: sent to two shops, both answered (the chosen
 * one with `price`: an amount, or a range), the first's answer accepted.
 */
export async function acceptedJob(
  price: { price: number } | { priceFrom: number; priceTo: number } = { price: 1500 },
  options: { driver?: Person; chosen?: Shop } = {},
) {
  const driver = options.driver ?? (await person());
  const [chosen, passed] = await Promise.all([options.chosen ?? shop(), shop()]);
  const id = await sendRequest(driver, [chosen.id, passed.id]);
  const answerId = await answerAs(chosen.owner, id, chosen.id, price);
  await answerAs(passed.owner, id, passed.id, { price: 900 });
  const accepted = await api.accept(id, { answerId }, driver.cookie);
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}`);
  return { id, driver, chosen, passed };
}

/** Expects a status, and gives the body. */
export async function expectStatus<T = Record<string, unknown>>(response: Promise<Response>, status: number) {
  const answer = await response;
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
