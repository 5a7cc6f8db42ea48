import { beforeAll, describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { GET as adminItemsRoute } from "@/app/api/items/admin/route";
import { GET as itemsRoute } from "@/app/api/items/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * PostgreSQL cannot store a NUL character, and refused it with an error the API answered as 500
 * (found by the fuzz tests). Searches treat control characters as spaces; anything else that holds
 * one is a translated 400 and nothing is written.
 */
let admin = "";
let user = "";

beforeAll(async () => {
  admin = await signIn((await makeUser({ isAdmin: true })).email);
  user = await signIn((await makeUser()).email);
});

describe("text PostgreSQL cannot store", () => {
  it("searches read a NUL or a tab as a space", async () => {
    await makeService({ name: "Nul Search Garage", role: "mechanic" });
    const found = await call(itemsRoute, makeRequest("/api/items?keyword=Nul%00Search"));
    expect(found.status).toBe(200);
    expect((await found.json()).items.map((item: { name: string }) => item.name)).toEqual(["Nul Search Garage"]);
    const adminFound = await call(
      adminItemsRoute,
      makeRequest("/api/items/admin?keyword=Nul%09Search", { headers: { cookie: admin } }),
    );
    expect(adminFound.status).toBe(200);
    expect((await adminFound.json()).stos.map((item: { name: string }) => item.name)).toEqual(["Nul Search Garage"]);
  });

  it("a review comment holding a NUL is refused with a translated 400 and not stored", async () => {
    const service = await makeService({ role: "mechanic" });
    const send = (lng: string) =>
      call(
        reviewRoute,
        makeRequest(`/api/items/${service.id}/reviews?lng=${lng}`, {
          method: "POST",
          headers: { cookie: user },
          body: JSON.stringify({ rating: { quality: 4, speed: 4, price: 4 }, comment: "good\u0000work" }),
        }),
        params({ id: service.id }),
      );
    const english = await send("en");
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({
      key: "Validation.unstorableText",
      message: "The text contains characters that cannot be saved.",
    });
    expect((await (await send("ua")).json()).message).toBe("Текст містить символи, які неможливо зберегти.");
    expect(await (await getPrisma()).review.count({ where: { serviceId: service.id } })).toBe(0);
  });
});
