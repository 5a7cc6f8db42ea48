import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET } from "@/app/api/geocode/reverse/route";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { captureLogs } from "../../helpers/logs";
import { call, makeRequest } from "../../helpers/request";

/**
 * A local stand-in for Nominatim: records every request with its arrival time. Latitude 13.13
 * answers 500, 14.14 never answers, 15.15 has an over-long name; anything else gets a street.
 */
type Received = { query: URLSearchParams; userAgent: string | undefined };
const received: Received[] = [];
let server: Server;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  server = createServer((request, response) => {
    const query = new URL(request.url ?? "/", "http://fake").searchParams;
    received.push({ query, userAgent: request.headers["user-agent"] });
    const lat = query.get("lat");
    if (lat === "14.14") return;
    response.setHeader("content-type", "application/json");
    if (lat === "13.13") return response.writeHead(500).end("{}");
    const name = lat === "15.15" ? "x".repeat(400) : `  ${lat} Street, Kyiv (${query.get("accept-language")})  `;
    response.writeHead(200).end(JSON.stringify({ place_id: 1, display_name: name }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  setEnv({
    NOMINATIM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    NOMINATIM_MIN_INTERVAL_MS: "700",
    // Roomy enough for a loaded CI machine; the burst test still needs more than one interval to queue.
    NOMINATIM_TIMEOUT_MS: "1000",
  });
  logs = captureLogs("warn");
});

afterAll(async () => {
  setEnv({ NOMINATIM_URL: undefined, NOMINATIM_MIN_INTERVAL_MS: undefined, NOMINATIM_TIMEOUT_MS: undefined });
  logs.restore();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const reverse = (query: string, headers: Record<string, string> = {}) =>
  call(GET, makeRequest(`/api/geocode/reverse?${query}`, { headers }));
const cachedKeys = async () => (await (await getPrisma()).geocodeCache.findMany()).map((row) => row.key);

describe("GET /api/geocode/reverse", () => {
  it("asks Nominatim politely and answers with its display name", async () => {
    const response = await reverse("lat=50.4501&lng=30.5234");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(await response.json()).toEqual({
      address: "50.4501 Street, Kyiv (en)",
      lat: 50.4501,
      lng: 30.5234,
      source: "nominatim",
    });
    const request = received.at(-1)!;
    expect(Object.fromEntries(request.query)).toMatchObject({
      format: "jsonv2",
      lat: "50.4501",
      lon: "30.5234",
      "accept-language": "en",
    });
    expect(request.userAgent).toMatch(/^Maister\//);
    expect(await cachedKeys()).toContain("50.4501,30.5234,en");
  });

  it("serves the same spot from the cache without calling out, per language", async () => {
    const before = received.length;
    const again = await reverse("lat=50.45012&lng=30.52338");
    expect(await again.json()).toMatchObject({
      address: "50.4501 Street, Kyiv (en)",
      lat: 50.45012,
      lng: 30.52338,
      source: "cache",
    });
    expect(received.length).toBe(before);

    const ukrainian = await reverse("lat=50.4501&lng=30.5234", { "accept-language": "uk-UA,uk;q=0.9" });
    expect(await ukrainian.json()).toMatchObject({ address: "50.4501 Street, Kyiv (uk)", source: "nominatim" });
    expect(received.length).toBe(before + 1);
  });

  it("cuts an over-long address to 300 characters", async () => {
    const body = await (await reverse("lat=15.15&lng=30")).json();
    expect(body).toMatchObject({ source: "nominatim", address: "x".repeat(300) });
  });

  it.each([
    "lng=30",
    "lat=50",
    "lat=abc&lng=30",
    "lat=91&lng=30",
    "lat=50&lng=-181",
    "lat=1e999&lng=30",
    "lat=1e1&lng=30",
    "lat=&lng=",
  ])("refuses %s", async (query) => {
    const before = received.length;
    const response = await reverse(query);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.key).toBe("Api.badRequest");
    expect(body.errors.coordinates.key).toBe("Validation.coordinates");
    expect(received.length).toBe(before);
  });

  it("falls back to the coordinates when Nominatim fails, and caches nothing", async () => {
    logs.lines.length = 0;
    const response = await reverse("lat=13.13&lng=30.5");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      address: "13.130000, 30.500000",
      lat: 13.13,
      lng: 30.5,
      source: "coordinates",
    });
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: "warn",
        area: "geocode",
        msg: "Nominatim gave no address",
        requestId: expect.any(String),
      }),
    ]);
    expect((await cachedKeys()).filter((key) => key.startsWith("13.13"))).toEqual([]);
  });

  // Without the timeout this request would hang until the test runner gives up.
  it("falls back when Nominatim does not answer in time", async () => {
    const body = await (await reverse("lat=14.14&lng=30.5")).json();
    expect(body).toMatchObject({ address: "14.140000, 30.500000", source: "coordinates" });
    expect(received.at(-1)!.query.get("lat")).toBe("14.14");
  });

  it("falls back instead of queueing longer than the timeout in a burst", async () => {
    await new Promise((resolve) => setTimeout(resolve, 750));
    const before = received.length;
    const bodies = await Promise.all([1, 2, 3, 4, 5].map(async (n) => (await reverse(`lat=47.${n}&lng=23`)).json()));
    const asked = received.slice(before);
    expect(bodies.filter((body) => body.source === "nominatim")).toHaveLength(asked.length);
    expect(bodies.some((body) => body.source === "coordinates")).toBe(true);
  });

  it("allows 60 lookups a minute from one client", async () => {
    const headers = { "x-forwarded-for": "10.9.0.1" };
    for (let i = 0; i < 60; i++) expect((await reverse("lat=50.4501&lng=30.5234", headers)).status).toBe(200);
    const refused = await reverse("lat=50.4501&lng=30.5234", headers);
    expect(refused.status).toBe(429);
    expect((await refused.json()).key).toBe("Auth.tooManyRequests");
    expect((await reverse("lat=50.4501&lng=30.5234", { "x-forwarded-for": "10.9.0.2" })).status).toBe(200);
  });
});
