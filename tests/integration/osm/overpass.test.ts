import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { fetchOverpass, readOverpassFile } from "@/features/osm/server/overpass";
import { runOsmImport } from "@/features/osm/server/run";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { captureLogs } from "../../helpers/logs";
import { answer, node } from "./helpers";

type Seen = { method?: string; userAgent?: string; body: string };

/** A stand-in Overpass server: each test says how it answers. */
let answerWith: (response: ServerResponse) => void = (response) => response.end();
const seen: Seen[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method, userAgent: request.headers["user-agent"], body });
      answerWith(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/interpreter`;
  setEnv({ OSM_GEOCODE_PER_RUN: "0", OSM_OVERPASS_TIMEOUT_MS: "2000" });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  setEnv({ OSM_OVERPASS_TIMEOUT_MS: undefined, OSM_OVERPASS_MAX_BYTES: undefined });
});

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
};

const importFromServer = () => runOsmImport({ trigger: "job", origin: url, load: () => fetchOverpass(url) });

async function catalogue() {
  const prisma = await getPrisma();
  const [places, services, hours] = await Promise.all([
    prisma.osmPlace.findMany({ orderBy: { id: "asc" } }),
    prisma.service.findMany({ orderBy: { id: "asc" } }),
    prisma.openingHours.count(),
  ]);
  return { places, services, hours };
}

describe("asking Overpass", () => {
  it("POSTs the built-in query for Ukraine once, with an identifying User-Agent, and imports the answer", async () => {
    seen.length = 0;
    answerWith = json(200, answer(node(7001), node(7002, { shop: "tyres" })));
    const result = await importFromServer();
    expect(result).toMatchObject({ added: 2, elements: 2 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.userAgent).toMatch(/^Maister\/1\.0 \(\+http/);
    const query = new URLSearchParams(seen[0]!.body).get("data") ?? "";
    expect(query).toContain("[out:json][timeout:2]");
    expect(query).toContain("area(id:3600060199)->.ua");
    for (const tag of [
      'nwr["shop"="car_repair"](area.ua)',
      'nwr["craft"="car_repair"](area.ua)',
      'nwr["shop"="tyres"](area.ua)',
    ])
      expect(query).toContain(tag);
    // meta: the time of each element's last edit, which dates its e-mail (features/osm/email-age.ts).
    expect(query).toContain("out center meta;");
  });

  const failures: [string, (response: ServerResponse) => void, RegExp][] = [
    ["an HTTP 500", json(500, "<html>busy</html>"), /Overpass answered HTTP 500/],
    ["an answer that is not JSON", json(200, "<?xml version='1.0'?><osm/>"), /is not JSON/],
    [
      "an answer without elements",
      json(200, { remark: "runtime error: out of memory" }),
      /has no elements: runtime error/,
    ],
    // Never answers: the request is given up after OSM_OVERPASS_TIMEOUT_MS.
    ["no answer in time", () => undefined, /did not answer within 2000 ms/],
  ];
  for (const [what, respond, error] of failures)
    it(`fails on ${what}, changing nothing, and records the run as failed with why`, async () => {
      const before = await catalogue();
      answerWith = respond;
      const logs = captureLogs();
      try {
        await expect(importFromServer()).rejects.toThrow(error);
      } finally {
        logs.restore();
      }
      expect(await catalogue()).toEqual(before);
      const prisma = await getPrisma();
      const run = await prisma.osmImportRun.findFirst({ orderBy: { startedAt: "desc" } });
      expect(run).toMatchObject({ status: "failed", trigger: "job", added: 0 });
      expect(run?.error).toMatch(error);
      expect(run?.finishedAt).toBeInstanceOf(Date);
      // One clear line in the log.
      expect(logs.lines).toEqual([
        expect.objectContaining({
          level: "error",
          area: "osm-import",
          trigger: "job",
          runId: run?.id,
          msg: "import run failed, nothing changed",
          error: expect.stringMatching(error),
        }),
      ]);
    });

  it("refuses an answer larger than OSM_OVERPASS_MAX_BYTES while reading it", async () => {
    setEnv({ OSM_OVERPASS_MAX_BYTES: "1000" });
    try {
      answerWith = json(200, answer(...Array.from({ length: 50 }, (_, index) => node(7100 + index))));
      await expect(fetchOverpass(url)).rejects.toThrow(/larger than 1000 bytes/);
    } finally {
      setEnv({ OSM_OVERPASS_MAX_BYTES: undefined });
    }
  });

  it("reads a saved answer from a file, and says which file could not be read", async () => {
    const demo = (await readOverpassFile("features/osm/demo-overpass.json")) as { elements: unknown[] };
    expect(demo.elements.length).toBeGreaterThanOrEqual(30);
    await expect(readOverpassFile("no/such/answer.json")).rejects.toThrow(/no\/such\/answer\.json could not be read/);
  });
});
