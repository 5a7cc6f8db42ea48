import { beforeAll, describe, expect, it } from "vitest";

import { POST as postReview } from "@/app/api/items/[id]/reviews/route";
import { GET as publicItem } from "@/app/api/items/[id]/route";
import { GET as listItems } from "@/app/api/items/route";
import { GET as getPrices, PUT as putPrices } from "@/app/api/items/users/[id]/prices/route";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const cookies = {} as Record<"owner" | "stranger" | "admin", string>;
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
const items = async (query: string) =>
  (await call(listItems, request("GET", `/api/items?keyword=Priced&${query}`))).json();
const detail = async (id: string) =>
  (await call(publicItem, request("GET", `/api/items/${id}`), params({ id }))).json();

beforeAll(async () => {
  const owner = await makeUser();
  cookies.owner = await signIn(owner.email, `10.22.0.${++ip}`);
  for (const role of ["stranger", "admin"] as const)
    cookies[role] = await signIn((await makeUser({ isAdmin: role === "admin" })).email, `10.22.0.${++ip}`);
  // The dearer one is better rated, so a chosen rating sort and the cheapest-first default disagree.
  ids.cheap = (
    await makeService({ name: "Priced Cheap", ownerId: owner.id, ratings: { ratingAvg: 3, numReviews: 4 } })
  ).id;
  ids.dear = (
    await makeService({ name: "Priced Dear", ownerId: owner.id, ratings: { ratingAvg: 5, numReviews: 4 } })
  ).id;
  ids.none = (await makeService({ name: "Priced None" })).id;
});

describe("PUT/GET /api/items/users/{id}/prices", () => {
  it("the owner saves a list; the page shows it with the date; GET gives it back", async () => {
    const response = await put(
      ids.cheap!,
      {
        lines: [
          { job: "tyre_r16", fromUah: 600 },
          { job: "oil_change", fromUah: 450 },
          { job: "custom", label: "Мийка двигуна", fromUah: 300 },
        ],
      },
      cookies.owner,
    );
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved.lines).toEqual([
      { job: "tyre_r16", label: "", fromUah: 600 },
      { job: "oil_change", label: "", fromUah: 450 },
      { job: "custom", label: "Мийка двигуна", fromUah: 300 },
    ]);
    expect(Date.now() - Date.parse(saved.updatedAt)).toBeLessThan(5000);
    expect((await detail(ids.cheap!)).prices).toEqual(saved);
    expect(
      await (
        await call(
          getPrices,
          request("GET", `/api/items/users/${ids.cheap}/prices`, undefined, cookies.owner),
          params({ id: ids.cheap! }),
        )
      ).json(),
    ).toEqual(saved);
    expect((await put(ids.dear!, { lines: [{ job: "tyre_r16", fromUah: 900 }] }, cookies.owner)).status).toBe(200);
  });

  it("admins may; strangers 403; visitors 401", async () => {
    expect((await put(ids.none!, { lines: [] }, cookies.admin)).status).toBe(200);
    expect((await put(ids.cheap!, { lines: [] }, cookies.stranger)).status).toBe(403);
    expect((await put(ids.cheap!, { lines: [] })).status).toBe(401);
    expect(
      (
        await call(
          getPrices,
          request("GET", `/api/items/users/${ids.cheap}/prices`, undefined, cookies.stranger),
          params({ id: ids.cheap! }),
        )
      ).status,
    ).toBe(403);
  });

  it.each([
    [{ lines: [{ job: "haircut", fromUah: 100 }] }, "lines.0.job", "Choose a job from the list."],
    [
      { lines: [{ job: "oil_change", fromUah: 0 }] },
      "lines.0.fromUah",
      "Enter a whole number of hryvnias from 1 to 200,000.",
    ],
    [
      { lines: [{ job: "oil_change", fromUah: 99.5 }] },
      "lines.0.fromUah",
      "Enter a whole number of hryvnias from 1 to 200,000.",
    ],
    [{ lines: [{ job: "custom", fromUah: 100 }] }, "lines.0.label", "Name your own line."],
    [
      {
        lines: [
          { job: "oil_change", fromUah: 100 },
          { job: "oil_change", fromUah: 200 },
        ],
      },
      "lines.1.job",
      "This job is already in the list.",
    ],
    [
      { lines: Array.from({ length: 31 }, (_, index) => ({ job: "custom", label: `Line ${index}`, fromUah: 100 })) },
      "lines",
      "At most 30 lines.",
    ],
  ])("refuses a bad list with a translated 400 and keeps the old one (%#)", async (body, field, message) => {
    const response = await put(ids.cheap!, body, cookies.owner);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[field].message).toBe(message);
    expect((await detail(ids.cheap!)).prices.lines).toHaveLength(3);
  });

  it("answers in Ukrainian", async () => {
    const answer = await (
      await put(ids.cheap!, { lines: [{ job: "custom", fromUah: 100 }] }, cookies.owner, "uk")
    ).json();
    expect(answer.errors["lines.0.label"].message).toBe("Назвіть свій рядок.");
  });
});

describe("list: has prices, and cheapest first for a job", () => {
  it("filters services with prices", async () => {
    const { items: found } = await items("prices=true");
    expect(found.map((item: { name: string }) => item.name).sort()).toEqual(["Priced Cheap", "Priced Dear"]);
  });

  it("a job lists only services with its price, cheapest first, with the price on the card; the count agrees", async () => {
    const answer = await items("job=tyre_r16");
    expect(answer.items.map((item: { name: string; jobPriceUah: number }) => [item.name, item.jobPriceUah])).toEqual([
      ["Priced Cheap", 600],
      ["Priced Dear", 900],
    ]);
    expect(answer.pages).toBe(1);
    expect((await items("job=brake_pads")).items).toEqual([]);
    // Every filter and order at once: near (with masters who come to the point), open now, a job.
    const combined = await call(
      listItems,
      request(
        "GET",
        "/api/items?keyword=Priced&job=tyre_r16&near=49.23,28.47&open=true&userDateTime=2026-11-23T12:00:00%2B02:00",
      ),
    );
    expect(combined.status).toBe(200);
    expect(
      (await combined.json()).items.map((item: { name: string; jobPriceUah: number }) => [item.name, item.jobPriceUah]),
    ).toEqual([
      ["Priced Cheap", 600],
      ["Priced Dear", 900],
    ]);
    // A sort the visitor chose still applies with a job: the list follows what its sort control says.
    const byRating = await items("job=tyre_r16&sort=rating.desc");
    expect(byRating.items.map((item: { name: string }) => item.name)).toEqual(["Priced Dear", "Priced Cheap"]);
    const bad = await call(listItems, request("GET", "/api/items?job=custom"));
    expect(bad.status).toBe(400);
  });
});

describe("what reviewers paid", () => {
  it("shows a median per job from three visible reports on; both fields or neither", async () => {
    const prisma = await getPrisma();
    const review = async (paid: { paidJob?: string | null; paidUah?: number | null }) => {
      const user = await makeUser();
      const cookie = await signIn(user.email, `10.22.1.${++ip}`);
      return call(
        postReview,
        request(
          "POST",
          `/api/items/${ids.dear}/reviews`,
          { rating: { quality: 4, speed: 4, price: 4 }, comment: "", ...paid },
          cookie,
        ),
        params({ id: ids.dear! }),
      );
    };
    const half = await review({ paidJob: "tyre_r16" });
    expect(half.status).toBe(400);
    expect((await half.json()).errors.paidUah.message).toBe("Give both the job and what you paid, or neither.");
    expect((await review({ paidJob: "tyre_r16", paidUah: 800 })).status).toBe(201);
    expect((await review({ paidJob: "tyre_r16", paidUah: 1000 })).status).toBe(201);
    expect((await detail(ids.dear!)).paidMedians).toEqual([]);
    expect((await review({ paidJob: "tyre_r16", paidUah: 1100 })).status).toBe(201);
    expect((await detail(ids.dear!)).paidMedians).toEqual([{ job: "tyre_r16", medianUah: 1000, count: 3 }]);
    // A hidden review's amount leaves the median.
    const hidden = await prisma.review.findFirstOrThrow({ where: { serviceId: ids.dear, paidUah: 1100 } });
    await prisma.review.update({ where: { id: hidden.id }, data: { hiddenAt: new Date() } });
    catalogChanged();
    expect((await detail(ids.dear!)).paidMedians).toEqual([]);
  });
});
