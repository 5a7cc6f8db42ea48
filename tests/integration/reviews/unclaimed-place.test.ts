import { beforeAll, describe, expect, it } from "vitest";

import { POST as replyRoute } from "@/app/api/items/[id]/reviews/[reviewId]/reply/route";
import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { GET as getItem } from "@/app/api/items/[id]/route";
import { POST as visitCodeRoute } from "@/app/api/items/[id]/visit-codes/route";
import { getViewer } from "@/features/accounts/server/session";
import { removeAccount } from "@/features/my-account/server/account-removal";
import { sendReviewDigests } from "@/features/reviews/server/review-digest";
import { reviewerView } from "@/features/reviews/server/reviews";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { makeImportedPlace } from "../../helpers/osm-places";
import { apiRequest, call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const rating = { quality: 5, speed: 4, price: 3 };

let placeId = "";
let driver = { id: "", cookie: "" };
let admin = { id: "", cookie: "" };

beforeAll(async () => {
  placeId = (await makeImportedPlace({ name: "Шиномонтаж Без Власника" })).id;
  const user = await makeUser({ name: "Driver" });
  driver = { id: user.id, cookie: await signIn(user.email) };
  const adminUser = await makeUser({ isAdmin: true });
  admin = { id: adminUser.id, cookie: await signIn(adminUser.email) };
});

describe("a review of a place nobody has claimed", () => {
  it("is saved and counted; no owner digest is queued and a digest run mails nobody", async () => {
    const prisma = await getPrisma();
    const response = await call(
      reviewRoute,
      apiRequest("POST", `/api/items/${placeId}/reviews`, {
        body: { rating, comment: "Швидко перевзули" },
        cookie: driver.cookie,
        ip: "10.71.0.1",
      }),
      params({ id: placeId }),
    );
    expect(response.status).toBe(201);
    const detail = await (await getItem(makeRequest(`/api/items/${placeId}`), params({ id: placeId }))).json();
    expect(detail).toMatchObject({ numReviews: 1, rating: { avg: 4 }, user: null, claimed: false });
    expect(detail.reviews).toHaveLength(1);
    expect(await prisma.reviewDigestPending.count()).toBe(0);
    const mailsBefore = await prisma.mailOutbox.count();
    expect(await sendReviewDigests()).toBe(0);
    expect(await prisma.mailOutbox.count()).toBe(mailsBefore);
  });

  it("has nobody to reply for it: not the reviewer, not an admin", async () => {
    const prisma = await getPrisma();
    const review = await prisma.review.findFirstOrThrow({ where: { serviceId: placeId, userId: driver.id } });
    for (const who of [driver, admin]) {
      const response = await call(
        replyRoute,
        apiRequest("POST", `/api/items/${placeId}/reviews/${review.id}/reply`, {
          body: { text: "Дякуємо!" },
          cookie: who.cookie,
        }),
        params({ id: placeId, reviewId: review.id }),
      );
      expect(response.status).toBe(403);
      expect((await response.json()).key).toBe("Osm.noOwnerToReply");
    }
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).replyText).toBeNull();
    // The page offers nobody the reply form.
    const viewerOf = async (cookie: string) =>
      call(
        async () => Response.json(await reviewerView(await getViewer(), placeId)),
        makeRequest("/", { headers: { cookie } }),
      ).then((answer) => answer.json());
    expect((await viewerOf(admin.cookie)).canReply).toBe(false);
    expect((await viewerOf(driver.cookie)).canReply).toBe(false);
  });

  it("has no visit codes: only an owner hands them out", async () => {
    for (const who of [driver, admin]) {
      const response = await call(
        visitCodeRoute,
        apiRequest("POST", `/api/items/${placeId}/visit-codes`, { cookie: who.cookie }),
        params({ id: placeId }),
      );
      expect(response.status).toBe(403);
    }
    expect(await (await getPrisma()).visitCode.count({ where: { serviceId: placeId } })).toBe(0);
  });

  it("goes with its author's account, and the place's numbers follow", async () => {
    const prisma = await getPrisma();
    const author = await makeUser();
    const cookie = await signIn(author.email);
    const posted = await call(
      reviewRoute,
      apiRequest("POST", `/api/items/${placeId}/reviews`, { body: { rating }, cookie, ip: "10.71.0.2" }),
      params({ id: placeId }),
    );
    expect(posted.status).toBe(201);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: placeId } })).numReviews).toBe(2);
    await prisma.$transaction((tx) => removeAccount(tx, author.id));
    expect((await prisma.service.findUniqueOrThrow({ where: { id: placeId } })).numReviews).toBe(1);
  });
});
