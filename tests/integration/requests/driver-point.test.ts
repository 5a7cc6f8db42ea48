import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";

import type { InboxPage, RequestView, SuggestedService } from "@/features/requests/answers";
import { getPrisma } from "@/lib/db/client";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { api, person, sendRequest, shop } from "./api";

/**
 * Distances in a request are the driver's: from the point they chose (their position, or the
 * list's "near" carried into the form), never from the first service asked; with no point there
 * is no distance at all. The suggestions say whether each service is open now (the one rule of
 * features/hours), which is what a driver stranded right now needs to know.
 */
const HOUR_MS = 3_600_000;

async function viewOf(id: string, cookie: string): Promise<RequestView> {
  const response = await api.detail(id, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as RequestView;
}

describe("distances from the driver's point", () => {
  it("a request started from a service carries the driver's point: the services and their inboxes measure from it", async () => {
    const driver = await person();
    const first = await shop({ lat: 50.45, lng: 30.52 });
    const second = await shop({ lat: 50.45, lng: 30.66 });
    const id = await sendRequest(driver, [first.id, second.id], { near: { lat: 50.45, lng: 30.59 } });
    expect((await viewOf(id, driver.cookie)).services.map((service) => service.distanceKm)).toEqual([5, 5]);
    const inbox = (await (await api.inbox({ status: "all" }, first.owner.cookie)).json()) as InboxPage;
    expect(inbox.items[0]!.distanceKm).toBe(5);
  });

  it("under 100 m from the driver reads Nearby, as on the catalog's cards: 0 km, never 0.1 km across the street", async () => {
    const driver = await person();
    const garage = await shop({ lat: 50.3, lng: 30.3 });
    // About 67 m north of the shop.
    const id = await sendRequest(driver, [garage.id], { near: { lat: 50.3006, lng: 30.3 } });
    expect((await viewOf(id, driver.cookie)).services.map((service) => service.distanceKm)).toEqual([0]);
    const inbox = (await (await api.inbox({ status: "all" }, garage.owner.cookie)).json()) as InboxPage;
    expect(inbox.items.find((item) => item._id === id)?.distanceKm).toBe(0);
    // The suggestions, the driver's page and the inbox say so in words.
    const say = (message: string, locale: string, km: number) =>
      String(new IntlMessageFormat(message, locale).format({ km }));
    for (const [messages, locale, nearby] of [
      [en, "en", "Nearby"],
      [uk, "uk", "Поруч"],
    ] as const) {
      expect(say(messages.RequestForm.distanceKm, locale, 0)).toBe(nearby);
      expect(say(messages.MyRequests.distanceKm, locale, 0)).toBe(nearby);
      expect(say(messages.RequestInbox.distance, locale, 0).toLowerCase()).toContain(nearby.toLowerCase());
      expect(say(messages.MyRequests.distanceKm, locale, 1.5)).toMatch(/1[.,]5/);
    }
  });

  it("without a point there is no distance: not 0 for the first service and its distance to the others", async () => {
    const driver = await person();
    const first = await shop({ lat: 50.45, lng: 30.52 });
    const second = await shop({ lat: 50.45, lng: 30.66 });
    const id = await sendRequest(driver, [first.id, second.id]);
    expect((await viewOf(id, driver.cookie)).services.map((service) => service.distanceKm)).toEqual([null, null]);
    for (const owner of [first.owner, second.owner]) {
      const inbox = (await (await api.inbox({ status: "all" }, owner.cookie)).json()) as InboxPage;
      expect(inbox.items[0]!.distanceKm).toBeNull();
    }
    const stored = await (await getPrisma()).quoteRequest.findUniqueOrThrow({ where: { id } });
    expect([stored.latitude, stored.longitude]).toEqual([null, null]);
  });

  it("suggestions near a service are measured from the driver's point when given, else carry no distance", async () => {
    const driver = await person();
    const start = await shop({ lat: 48.0, lng: 35.0, prices: { oil_change: 600 } });
    const other = await shop({ name: "Other", lat: 48.01, lng: 35.0, prices: { oil_change: 700 } });
    const fromPoint = await api.suggest(
      { serviceId: start.id, job: "oil_change", lat: "48.1", lng: "35.0" },
      driver.cookie,
    );
    expect(fromPoint.status).toBe(200);
    const listed = (await fromPoint.json()) as SuggestedService[];
    // Still the services near the one asked (the point alone is 11 km off), measured from the driver.
    expect(listed.find((row) => row.serviceId === other.id)?.distanceKm).toBe(10);
    const noPoint = (await (
      await api.suggest({ serviceId: start.id, job: "oil_change" }, driver.cookie)
    ).json()) as SuggestedService[];
    expect(noPoint.find((row) => row.serviceId === other.id)?.distanceKm).toBeNull();
    // Half a point is a bad point, not "no point".
    const half = await api.suggest({ serviceId: start.id, job: "oil_change", lat: "48.1" }, driver.cookie);
    expect(half.status).toBe(400);
    expect((await half.json()).errors.lng.key).toBe("Validation.longitude");
  });
});

describe("open now in the suggestions", () => {
  it("each suggestion says whether it is open now by the hours' one rule: the owner's live word, unknown hours never open", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const now = Date.now();
    const start = await shop({ lat: 46.0, lng: 31.0, prices: { oil_change: 600 } });
    const open = await shop({ name: "Open", lat: 46.01, lng: 31.0, prices: { oil_change: 700 } });
    const closed = await shop({ name: "Closed", lat: 46.02, lng: 31.0, prices: { oil_change: 700 } });
    const unknown = await shop({ name: "Unknown", lat: 46.03, lng: 31.0, prices: { oil_change: 700 } });
    const live = (state: "open" | "air_alert") => ({
      liveState: state,
      liveUntil: new Date(now + 2 * HOUR_MS),
      liveUpdatedAt: new Date(now - 60_000),
    });
    await prisma.service.update({ where: { id: open.id }, data: live("open") });
    await prisma.service.update({ where: { id: closed.id }, data: live("air_alert") });
    await prisma.service.update({
      where: { id: unknown.id },
      data: { hoursKnown: false, hoursText: "Mo-Fr 09:00-18:00; PH off" },
    });
    const listed = (await (
      await api.suggest({ serviceId: start.id, job: "oil_change" }, driver.cookie)
    ).json()) as SuggestedService[];
    const byName = new Map(listed.map((row) => [row.name, row]));
    expect(byName.get("Open")).toMatchObject({
      openNow: true,
      hoursKnown: true,
      timeZone: "Europe/Kyiv",
      liveStatus: { state: "open" },
    });
    expect(byName.get("Closed")).toMatchObject({ openNow: false, liveStatus: { state: "air_alert" } });
    expect(byName.get("Unknown")).toMatchObject({ openNow: false, hoursKnown: false, liveStatus: null });
  });
});
