import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { POST as uploadRoute } from "@/app/api/uploads/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/** What must hold when clients misbehave: double submits and requests cut off half-way. */
let cookie = "";

beforeAll(async () => {
  const user = await makeUser();
  cookie = await signIn(user.email);
});

describe("faults", () => {
  it("a review sent many times at once is stored once and counted once", async () => {
    const service = await makeService();
    const send = (quality: number) =>
      call(
        reviewRoute,
        makeRequest(`/api/items/${service.id}/reviews`, {
          method: "POST",
          headers: { cookie },
          body: JSON.stringify({ rating: { quality, speed: 3, price: 3 }, comment: "twice" }),
        }),
        params({ id: service.id }),
      );
    const answers = await Promise.all([5, 4, 3, 5, 4].map(send));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const prisma = await getPrisma();
    expect(await prisma.review.count({ where: { serviceId: service.id } })).toBe(1);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).numReviews).toBe(1);
  });

  it("reviews by many people at once all count in the service's rating", async () => {
    const service = await makeService();
    const people = await Promise.all(Array.from({ length: 6 }, () => makeUser()));
    const cookies = await Promise.all(people.map((person) => signIn(person.email)));
    const answers = await Promise.all(
      cookies.map((personCookie, index) =>
        call(
          reviewRoute,
          makeRequest(`/api/items/${service.id}/reviews`, {
            method: "POST",
            headers: { cookie: personCookie },
            body: JSON.stringify({ rating: { quality: 1 + (index % 5), speed: 3, price: 3 } }),
          }),
          params({ id: service.id }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const stored = await (await getPrisma()).service.findUniqueOrThrow({ where: { id: service.id } });
    expect(stored.numReviews).toBe(6);
    expect(stored.qualityAvg).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 1) / 6, 5);
  });

  it("new accounts writing and editing reviews of one service at once, while the burst check holds them, are all answered", async () => {
    // The cluster run once lost two such writes to a deadlock (answered 500): each transaction
    // held a review row the other's burst check wanted while waiting for the service row.
    const service = await makeService();
    const people = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
    const cookies = await Promise.all(people.map((person) => signIn(person.email)));
    // Each from an address of their own, as in the cluster run: the address throttle is not what is tried.
    const send = (personCookie: string, quality: number) =>
      call(
        reviewRoute,
        makeRequest(`/api/items/${service.id}/reviews`, {
          method: "POST",
          headers: { cookie: personCookie, "x-forwarded-for": `10.7.0.${cookies.indexOf(personCookie) + 1}` },
          body: JSON.stringify({ rating: { quality, speed: quality, price: quality } }),
        }),
        params({ id: service.id }),
      );
    const rounds = [
      // Half write first, then everybody at once (edits and new reviews), three times.
      () => cookies.slice(0, 4).map((personCookie) => send(personCookie, 5)),
      () => cookies.map((personCookie, index) => send(personCookie, 1 + (index % 2))),
      () => cookies.map((personCookie, index) => send(personCookie, 5 - (index % 2))),
      () => cookies.map((personCookie) => send(personCookie, 1)),
    ];
    const statuses: number[] = [];
    for (const round of rounds) statuses.push(...(await Promise.all(round())).map((answer) => answer.status));
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const prisma = await getPrisma();
    const stored = await prisma.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(stored.burstFlaggedAt).not.toBeNull();
    const counted = await prisma.review.count({ where: { serviceId: service.id, heldAt: null, hiddenAt: null } });
    expect(stored.numReviews).toBe(counted);
  });

  it("an upload cut off half-way stores nothing and is answered 400", async () => {
    const prisma = await getPrisma();
    const before = await prisma.image.count();
    const boundary = "cutoff";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(new Uint8Array(2048).fill(137));
        controller.error(new Error("client went away"));
      },
    });
    const request = new NextRequest("http://localhost/api/uploads", {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await call(uploadRoute, request);
    expect(response.status).toBe(400);
    expect(await prisma.image.count()).toBe(before);
  });
});
