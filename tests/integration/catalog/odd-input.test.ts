import { beforeAll, describe, expect, it } from "vitest";

import * as locations from "@/app/api/items/locations/route";
/**
 * Odd input to the list's, the map's, the Saved cards' and the Saved list's routes: a translated
 * 400 (or 401/404/409/415 where the route says so) or a right answer, never a 500.
 */

import * as items from "@/app/api/items/route";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { makeRequest } from "../../helpers/request";
import { addSaved, makeUser, mergeSaved, person, readCards, removeSaved } from "../saved/api";

const KEYWORDS = [
  "%",
  "_",
  "\\",
  "'",
  '"',
  "ʼ",
  "'ʼ",
  "a".repeat(100),
  "🚗🔧",
  "   ",
  "R16",
  "r16",
  "р16",
  "шиномонтаж tyre",
  "Шино montazh",
  "(",
  "[",
  "*",
  "+",
  "?",
  "{1,2}",
  "\\m",
  "a|b",
  "^$",
  "\u0000x",
  "%_\\'\"(",
];

beforeAll(async () => {
  const prisma = await getPrisma();
  const owner = await makeUser();
  for (let i = 0; i < 15; i++) {
    const s = await makeService({ name: `Шиномонтаж ${i}`, ownerId: owner.id, address: "Київ" });
    await prisma.servicePrice.create({ data: { serviceId: s.id, job: "tyre_r16", fromUah: 300 + i, position: 0 } });
    await prisma.servicePrice.create({
      data: { serviceId: s.id, job: "custom", label: "Евакуатор (24/7) [R16]", fromUah: 900, position: 1 },
    });
  }
  catalogChanged();
}, 60_000);

async function status(handler: (r: ReturnType<typeof makeRequest>) => Promise<Response>, path: string) {
  const response = await handler(makeRequest(path));
  const body = await response.text();
  return { status: response.status, body };
}

describe("keywords", () => {
  it.each(KEYWORDS)("list and map answer %j without a 500", async (keyword) => {
    const q = encodeURIComponent(keyword);
    for (const extra of ["", "&job=tyre_r16", "&sort=price.asc", "&page=2", "&open=true", "&near=50.45,30.52"]) {
      const list = await status(items.GET as never, `/api/items?keyword=${q}${extra}`);
      expect([200, 400], `${keyword}${extra}: ${list.body}`).toContain(list.status);
      const map = await status(locations.GET as never, `/api/items/locations?keyword=${q}${extra}&fit=1`);
      expect([200, 400], `${keyword}${extra}: ${map.body}`).toContain(map.status);
    }
  });
});

describe("map parameters", () => {
  const BAD = [
    "filter=x",
    "filter=",
    "onthego=yes",
    "open=1",
    "prices=2",
    "job=nope",
    "job=",
    "userDateTime=yesterday",
    "userDateTime=2026-13-40T00:00:00Z",
    "near=999,999",
    "sort=bad",
    "page=0",
    "page=-1",
    "page=999999",
    `keyword=${"x".repeat(101)}`,
    "bbox=1,2,3",
    "bbox=a,b,c,d&zoom=3",
    "bbox=30,50,31,51&zoom=99",
    "bbox=30,50,31,51&zoom=-1",
    "bbox=30,50,31,51&zoom=3.5",
    "bbox=31,51,30,50&zoom=3",
    "bbox=-181,-91,181,91&zoom=3",
    "bbox=NaN,NaN,NaN,NaN&zoom=3",
    "bbox=Infinity,0,1,1&zoom=3",
    "bbox=1e308,0,1,1&zoom=3",
    "zoom=5",
    "fit=",
    "fit=2",
    "fit=1&fit=0",
    "filter=sto&filter=mechanic",
    "keyword=a&keyword=b",
    "open=true&userDateTime=0000-01-01T00:00:00Z",
    "open=true&userDateTime=9999-12-31T23:59:59Z",
    "open=true&userDateTime=2026-11-24T08:00:00+14:00",
    "userDateTime=0000-01-01T00:00:00Z",
  ];
  it.each(BAD)("%s alone and with bbox/zoom/fit", async (param) => {
    for (const extra of ["", "&bbox=30,50,31,51&zoom=9", "&fit=1", "&bbox=30,50,31,51&zoom=9&fit=1&keyword=шино"]) {
      const map = await status(locations.GET as never, `/api/items/locations?${param}${extra}`);
      expect([200, 400], `${param}${extra}: ${map.body}`).toContain(map.status);
      if (map.status === 400) expect(map.body).not.toMatch(/Internal/);
    }
  });
});

describe("cards", () => {
  const id = "7c9e6679-7425-40de-944b-e07fc1f1d2b1";
  const ODD = [
    "",
    "?ids=",
    "?ids=,,,",
    `?ids=${id},${id}`,
    `?ids=${id.toUpperCase()}`,
    `?ids=${Array.from({ length: 101 }, (_, i) => id.slice(0, -3) + String(i).padStart(3, "0")).join(",")}`,
    `?ids=${Array.from({ length: 100 }, (_, i) => id.slice(0, -3) + String(i).padStart(3, "0")).join(",")}`,
    `?ids=${",".repeat(5000)}`,
    `?ids=${id}&ids=x`,
    `?ids=x`,
    `?ids=${encodeURIComponent(" " + id + " ")}`,
    `?ids=${"a".repeat(100000)}`,
  ];
  it.each(ODD.map((q, i) => [i, q] as const))("cards, odd ids %i", async (_, q) => {
    const answer = await readCards(q);
    expect([200, 400], JSON.stringify(answer.body)).toContain(answer.status);
  });
});

describe("saved bodies", () => {
  const BODIES: unknown[] = [
    null,
    [],
    "x",
    1,
    { id: null },
    { id: 1 },
    { id: ["a"] },
    { id: "7C9E6679-7425-40DE-944B-E07FC1F1D2B1" },
    { ids: null },
    { ids: "x" },
    { ids: [1] },
    { ids: Array(101).fill("7c9e6679-7425-40de-944b-e07fc1f1d2b1") },
    { ids: Array(100).fill("7c9e6679-7425-40de-944b-e07fc1f1d2b1") },
    { ids: [] },
    { __proto__: { id: "x" } },
    "{bad json",
  ];
  it.each(BODIES.map((b, i) => [i, b]))("body %i", async (_, body) => {
    const who = await person();
    const post = await addSaved(who, body);
    expect([200, 400, 404, 409, 413, 415], JSON.stringify(post.body)).toContain(post.status);
    const put = await mergeSaved(who, body);
    expect([200, 400, 404, 409, 413, 415], JSON.stringify(put.body)).toContain(put.status);
  });
  it.each(
    ["x", "", "%00", "7C9E6679-7425-40DE-944B-E07FC1F1D2B1", "a".repeat(5000), "..%2F..", "null"].map((id, i) => [
      i,
      id,
    ]),
  )("delete, odd id %i", async (_, id) => {
    const who = await person();
    const del = await removeSaved(who, id);
    expect([200, 400, 404], JSON.stringify(del.body)).toContain(del.status);
  });
});
