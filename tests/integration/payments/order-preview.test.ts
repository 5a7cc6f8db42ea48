import { describe, expect, it } from "vitest";

import { orderPreview } from "@/features/payments/server/order-preview";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { signIn, viewerOf } from "../../helpers/sign-in";

/**
 * /placeorder's preview reads the station's own rating: a draft has none (New), an imported place
 * whose claim the viewer proved keeps the reviews it had, and nobody else gets a preview of it.
 */
async function viewer() {
  const user = await makeUser();
  return { user, viewer: await viewerOf(await signIn(user.email)) };
}

async function reviewedImportedPlace() {
  const prisma = await getPrisma();
  return changingCatalog(() =>
    prisma.service.create({
      data: {
        role: "sto",
        source: "osm",
        claimed: false,
        ownerId: null,
        isPaid: false,
        name: "Шиномонтаж з відгуками",
        contactMail: "",
        latitude: 49.24,
        longitude: 28.48,
        address: "вул. Київська, 12, Вінниця",
        timeZone: "Europe/Kyiv",
        ratingAvg: 4.25,
        numReviews: 7,
        fullReviews: 5,
        weightSum: 6,
      },
    }),
  );
}

describe("orderPreview", () => {
  it("an owner's draft: no reviews, so the preview is New", async () => {
    const { user, viewer: owner } = await viewer();
    const draft = await makeService({ ownerId: user.id, isPaid: false, name: "Чернетка СТО" });
    const preview = await orderPreview(owner, null);
    expect(preview?.station._id).toBe(draft.id);
    expect(preview?.rating).toEqual({ avg: 0, numReviews: 0, fullReviews: 0 });
  });

  it("a place claimed by its verified claimant shows the rating it has earned", async () => {
    const place = await reviewedImportedPlace();
    const { user, viewer: claimant } = await viewer();
    const prisma = await getPrisma();
    await prisma.serviceClaim.create({
      data: { serviceId: place.id, userId: user.id, status: "verified", verifiedAt: new Date() },
    });
    const preview = await orderPreview(claimant, place.id);
    expect(preview?.station.name).toBe("Шиномонтаж з відгуками");
    expect(preview?.rating).toEqual({ avg: 4.25, numReviews: 7, fullReviews: 5 });

    // Anyone else (no claim, or a claim still waiting for an administrator) has no order of it.
    const { viewer: stranger } = await viewer();
    expect(await orderPreview(stranger, place.id)).toBeNull();
    const { user: waiting, viewer: waitingViewer } = await viewer();
    await prisma.serviceClaim.create({
      data: { serviceId: place.id, userId: waiting.id, status: "pending", dispute: true },
    });
    expect(await orderPreview(waitingViewer, place.id)).toBeNull();
    // Without a draft of their own, the plain /placeorder has nothing either.
    expect(await orderPreview(stranger, null)).toBeNull();
  });

  it("refuses a visitor who is not signed in", async () => {
    await expect(orderPreview(null, null)).rejects.toMatchObject({ status: 401 });
  });
});
