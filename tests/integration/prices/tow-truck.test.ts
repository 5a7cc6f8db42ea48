import { beforeAll, describe, expect, it } from "vitest";

import { POST as postReview } from "@/app/api/items/[id]/reviews/route";
import { GET as publicItem } from "@/app/api/items/[id]/route";
import { GET as getPrices, PUT as putPrices } from "@/app/api/items/users/[id]/prices/route";
import { listServices } from "@/features/catalog/server/list";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const cookies = {} as Record<"owner" | "mechanic" | "stranger" | "admin", string>;
const ids: Record<string, string> = {};
let ip = 0;
const request = (method: string, path: string, body?: unknown, cookie?: string, language?: string) =>
  makeRequest(path, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(language ? { "accept-language": language } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const put = (id: string, body: unknown, cookie?: string, language?: string) =>
  call(putPrices, request("PUT", `/api/items/users/${id}/prices`, body, cookie, language), params({ id }));
const detail = async (id: string) =>
  (await call(publicItem, request("GET", `/api/items/${id}`), params({ id }))).json();

/** Far from the other tests' services, in Poltava oblast. */
const HERE = { lat: 49.59, lng: 34.55 };

beforeAll(async () => {
  const owner = await makeUser();
  const mechanic = await makeUser();
  cookies.owner = await signIn(owner.email, `10.23.0.${++ip}`);
  cookies.mechanic = await signIn(mechanic.email, `10.23.0.${++ip}`);
  for (const role of ["stranger", "admin"] as const)
    cookies[role] = await signIn((await makeUser({ isAdmin: role === "admin" })).email, `10.23.0.${++ip}`);
  ids.station = (
    await makeService({ name: "Буксир Полтава", ownerId: owner.id, ...HERE, address: "вул. Соборна, 3, Полтава" })
  ).id;
  ids.master = (
    await makeService({
      name: "Roadside Master Poltava",
      role: "mechanic",
      ownerId: mechanic.id,
      ...HERE,
      lat: 49.6,
      address: "вул. Зінківська, 8, Полтава",
    })
  ).id;
  // Priced, but no towing: a tow search passes it by.
  ids.other = (
    await makeService({
      name: "Олива Полтава",
      ownerId: owner.id,
      ...HERE,
      lat: 49.58,
      address: "вул. Європейська, 5, Полтава",
    })
  ).id;
});

describe("the tow truck in the job catalogue", () => {
  it("a station and a master price a tow truck with how far they come; the page and the owner's GET give it back", async () => {
    const station = await put(
      ids.station!,
      {
        lines: [
          { job: "tow_truck", fromUah: 1200, radiusKm: 40 },
          { job: "oil_change", fromUah: 500 },
        ],
      },
      cookies.owner,
    );
    expect(station.status).toBe(200);
    const saved = await station.json();
    expect(saved.lines).toEqual([
      { job: "tow_truck", label: "", fromUah: 1200, radiusKm: 40 },
      { job: "oil_change", label: "", fromUah: 500 },
    ]);
    expect((await detail(ids.station!)).prices).toEqual(saved);
    expect(
      await (
        await call(
          getPrices,
          request("GET", `/api/items/users/${ids.station}/prices`, undefined, cookies.owner),
          params({ id: ids.station! }),
        )
      ).json(),
    ).toEqual(saved);

    expect(
      (await put(ids.master!, { lines: [{ job: "tow_truck", fromUah: 900, radiusKm: 120 }] }, cookies.mechanic)).status,
    ).toBe(200);
    expect((await detail(ids.master!)).prices.lines).toEqual([
      { job: "tow_truck", label: "", fromUah: 900, radiusKm: 120 },
    ]);
    expect((await put(ids.other!, { lines: [{ job: "oil_change", fromUah: 450 }] }, cookies.owner)).status).toBe(200);
  });

  it("a tow truck without a radius, or beyond 300 km, is a translated 400, and the old list stays", async () => {
    for (const radiusKm of [undefined, 0, 301, 2.5]) {
      const response = await put(
        ids.station!,
        { lines: [{ job: "tow_truck", fromUah: 1000, radiusKm }] },
        cookies.owner,
      );
      expect(response.status).toBe(400);
      expect((await response.json()).errors["lines.0.radiusKm"].message).toBe(
        "Say how far the tow truck comes: a whole number of kilometres from 1 to 300.",
      );
    }
    const uk = await put(ids.station!, { lines: [{ job: "tow_truck", fromUah: 1000 }] }, cookies.owner, "uk");
    expect((await uk.json()).errors["lines.0.radiusKm"].message).toBe(
      "Вкажіть, як далеко виїжджає евакуатор: ціле число кілометрів від 1 до 300.",
    );
    expect((await detail(ids.station!)).prices.lines[0]).toEqual({
      job: "tow_truck",
      label: "",
      fromUah: 1200,
      radiusKm: 40,
    });
  });

  it("only the owner or an admin prices it: strangers 403, visitors 401", async () => {
    const body = { lines: [{ job: "tow_truck", fromUah: 1, radiusKm: 300 }] };
    expect((await put(ids.station!, body, cookies.stranger)).status).toBe(403);
    expect((await put(ids.station!, body)).status).toBe(401);
    expect((await put(ids.master!, body, cookies.owner)).status).toBe(403);
    expect((await put(ids.other!, { lines: [{ job: "oil_change", fromUah: 450 }] }, cookies.admin)).status).toBe(200);
  });

  it.each(["евакуатор", "Евакуатор", "tow", "tow truck", "эвакуатор"])(
    "the keyword %s finds the services with a tow truck, not the one without",
    async (keyword) => {
      catalogChanged();
      const found = (await listServices({ page: 1, keyword })).items.map((item) => item.name);
      expect(found).toContain("Буксир Полтава");
      expect(found).toContain("Roadside Master Poltava");
      expect(found).not.toContain("Олива Полтава");
    },
  );

  it("the job's list and a review's 'what was done' take the tow truck", async () => {
    // Cheapest first; only the two with a tow truck.
    const listed = (await listServices({ page: 1, job: "tow_truck", keyword: "Полтава" })).items.map(
      (item) => item.name,
    );
    expect(listed).toEqual(["Roadside Master Poltava", "Буксир Полтава"]);

    const reviewer = await makeUser();
    const cookie = await signIn(reviewer.email, `10.23.1.${++ip}`);
    const review = await call(
      postReview,
      request(
        "POST",
        `/api/items/${ids.station}/reviews`,
        { rating: { quality: 5, speed: 5, price: 4 }, comment: "", paidJob: "tow_truck", paidUah: 1300 },
        cookie,
      ),
      params({ id: ids.station! }),
    );
    expect(review.status).toBe(201);
    const prisma = await getPrisma();
    expect((await prisma.review.findFirstOrThrow({ where: { serviceId: ids.station } })).paidJob).toBe("tow_truck");
  });
});
