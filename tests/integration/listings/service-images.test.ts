import { NextRequest } from "next/server";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as publicService } from "@/app/api/items/[id]/route";
import { PUT as adminUpdate } from "@/app/api/items/admin/[id]/route";
import { GET as listRoute } from "@/app/api/items/route";
import { PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { POST as registerMechanicRoute } from "@/app/api/items/users/route";
import { POST as createOrder } from "@/app/api/items/users/sto-order/route";
import { POST as uploadRoute } from "@/app/api/uploads/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { purgeExpired, RETENTION_MS } from "@/features/admin/server/retention";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { apiRequest, call, params } from "../../helpers/request";
import { STATION_INPUT as station } from "../../helpers/service-input";
import { signIn } from "../../helpers/sign-in";

/**
 * Up to six photos per service: the list is validated and kept in order, its first is
 * the cover that `image` and the cards show, and nobody can show an image they did not upload.
 */
const cookies: Record<string, string> = {};
const users: Record<string, { id: string; email: string }> = {};

beforeAll(async () => {
  for (const role of ["owner", "other", "admin", "blocked", "profile"] as const) {
    users[role] = await makeUser({ isAdmin: role === "admin" });
    cookies[role] = await signIn(users[role].email);
  }
  await (await getPrisma()).user.update({ where: { id: users.blocked!.id }, data: { isBlocked: true } });
});

/** An image owned by the user, stored as an upload is (bytes do not matter here). */
async function imageOf(userId: string, createdAt?: Date): Promise<string> {
  const prisma = await getPrisma();
  const image = await prisma.image.create({
    data: {
      bytes: new Uint8Array([1]),
      contentType: "image/jpeg",
      size: 1,
      sha256: "0".repeat(64),
      ownerId: userId,
      createdAt,
    },
  });
  return `/api/uploads/${image.id}`;
}

const imagesOf = (userId: string, count: number) => Promise.all(Array.from({ length: count }, () => imageOf(userId)));

async function mechanicOf(role: "owner" | "other", images: string[]) {
  const response = await call(
    registerMechanicRoute,
    apiRequest("POST", "/api/items/users", { cookie: cookies[role], body: { ...station, images } }),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { _id: string; image: string | null; images: string[] };
}

const put = (id: string, body: unknown, cookie?: string) =>
  call(updateOwn, apiRequest("PUT", `/api/items/users/${id}`, { cookie, body }), params({ id }));
const publicDetail = async (id: string) =>
  (await call(publicService, apiRequest("GET", `/api/items/${id}`), params({ id }))).json();
const rowsOf = async (serviceId: string) =>
  (await (await getPrisma()).serviceImage.findMany({ where: { serviceId }, orderBy: { position: "asc" } })).map(
    (row) => `/api/uploads/${row.imageId}`,
  );

describe("a service's photos", () => {
  let service = { _id: "", image: null as string | null, images: [] as string[] };
  let photos: string[] = [];

  it("are stored in the order sent, the first being the cover in every answer", async () => {
    photos = await imagesOf(users.owner!.id, 3);
    service = await mechanicOf("owner", photos);
    expect(service.images).toEqual(photos);
    expect(service.image).toBe(photos[0]);
    expect(await rowsOf(service._id)).toEqual(photos);
    const detail = await publicDetail(service._id);
    expect(detail).toMatchObject({ image: photos[0], images: photos });
    const list = await (await call(listRoute, apiRequest("GET", "/api/items?filter=mechanic&keyword=Лівий"))).json();
    expect(list.items.find((item: { _id: string }) => item._id === service._id)?.image).toBe(photos[0]);
  });

  it("keep a new order, and the new first becomes the cover", async () => {
    const reordered = [photos[2]!, photos[0]!, photos[1]!];
    const response = await put(service._id, { images: reordered }, cookies.owner);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ image: reordered[0], images: reordered });
    expect(await publicDetail(service._id)).toMatchObject({ image: reordered[0], images: reordered });
    expect((await (await getPrisma()).service.findUniqueOrThrow({ where: { id: service._id } })).imageId).toBe(
      reordered[0]!.split("/").at(-1),
    );
  });

  it("take uploads made through POST /api/uploads", async () => {
    const form = new FormData();
    form.append(
      "image",
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 200, height: 150, channels: 3, background: "#1d4ed8" } })
            .png()
            .toBuffer(),
        ),
      ]),
      "bay.png",
    );
    const uploaded = await call(
      uploadRoute,
      new NextRequest("http://localhost/api/uploads", {
        method: "POST",
        body: form,
        headers: { cookie: cookies.owner! },
      }),
    );
    expect(uploaded.status).toBe(201);
    const { image } = await uploaded.json();
    const next = [...(await publicDetail(service._id)).images, image];
    expect(await (await put(service._id, { images: next }, cookies.owner)).json()).toMatchObject({ images: next });
  });

  it.each([
    ["seven photos", async () => imagesOf(users.owner!.id, 7), "A service can have at most 6 photos."],
    [
      "the same photo twice",
      async () => [photos[0]!, photos[0]!.toUpperCase().replace("/API/UPLOADS/", "/api/uploads/")],
      "The same photo is in the list twice.",
    ],
    [
      "an address elsewhere",
      async () => ["https://images.example.com/bay.jpg"],
      "Please use an image you uploaded here.",
    ],
    [
      "a path that is not an upload",
      async () => ["/api/uploads/../users/profile"],
      "Please use an image you uploaded here.",
    ],
    [
      "another user's upload",
      async () => [photos[0]!, await imageOf(users.other!.id)],
      "Please use an image you uploaded here.",
    ],
    [
      "an upload that does not exist",
      async () => ["/api/uploads/0195f6c8-1111-7222-8333-444455556666"],
      "Please use an image you uploaded here.",
    ],
    [
      "not a list",
      async () => "/api/uploads/0195f6c8-1111-7222-8333-444455556666",
      "Please use an image you uploaded here.",
    ],
  ])("refuse %s with a 400 on images and change nothing", async (_what, images, message) => {
    const before = await rowsOf(service._id);
    const response = await put(service._id, { images: await images() }, cookies.owner);
    expect(response.status).toBe(400);
    expect((await response.json()).errors.images.message).toBe(message);
    expect(await rowsOf(service._id)).toEqual(before);
  });

  it("refuse a new service with another user's upload and create nothing", async () => {
    const prisma = await getPrisma();
    const before = await prisma.service.count();
    const response = await call(
      createOrder,
      apiRequest("POST", "/api/items/users/sto-order", {
        cookie: cookies.other,
        body: { ...station, images: [photos[1]] },
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors.images.key).toBe("Validation.imageForeign");
    expect(await prisma.service.count()).toBe(before);
  });

  it("can be changed by the owner and an admin only", async () => {
    const own = await imageOf(users.other!.id);
    const table: [string, string | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["blocked", cookies.blocked, 401],
      ["another user, with an upload of their own", cookies.other, 403],
    ];
    const before = await rowsOf(service._id);
    for (const [who, cookie, status] of table)
      expect((await put(service._id, { images: [own] }, cookie)).status, who).toBe(status);
    expect(await rowsOf(service._id)).toEqual(before);
    // An admin may use any upload, the owner's included, and keep what the service shows.
    const adminUpload = await imageOf(users.admin!.id);
    const byAdmin = await call(
      adminUpdate,
      apiRequest("PUT", `/api/items/admin/${service._id}`, {
        cookie: cookies.admin,
        body: { images: [before[1], adminUpload, own] },
      }),
      params({ id: service._id }),
    );
    expect(byAdmin.status).toBe(200);
    expect(await rowsOf(service._id)).toEqual([before[1], adminUpload, own]);
  });

  it("may stay on the service whoever uploaded them: the owner keeps the admin's choice", async () => {
    const current = await rowsOf(service._id);
    const response = await put(service._id, { images: [current[2], current[0]] }, cookies.owner);
    expect(response.status).toBe(200);
    expect(await rowsOf(service._id)).toEqual([current[2], current[0]]);
  });

  it("answer `image` alone as older clients send it: it replaces the cover, empty removes it", async () => {
    const [a, b, c] = await imagesOf(users.owner!.id, 3);
    await put(service._id, { images: [a, b] }, cookies.owner);
    expect(await (await put(service._id, { image: c }, cookies.owner)).json()).toMatchObject({
      image: c,
      images: [c, b],
    });
    expect(await (await put(service._id, { image: b }, cookies.owner)).json()).toMatchObject({ image: b, images: [b] });
    expect(await (await put(service._id, { image: "" }, cookies.owner)).json()).toMatchObject({
      image: null,
      images: [],
    });
    const single = await call(
      registerMechanicRoute,
      apiRequest("POST", "/api/items/users", {
        cookie: cookies.other,
        body: { ...station, image: await imageOf(users.other!.id) },
      }),
    );
    const created = await single.json();
    expect(created.images).toEqual([created.image]);
  });

  it("are kept by the purge of unused uploads, which takes one only when no gallery shows it", async () => {
    const old = new Date(Date.now() - RETENTION_MS.orphanImages - 60_000);
    const [cover, inGallery, dropped] = await Promise.all([
      imageOf(users.owner!.id, old),
      imageOf(users.owner!.id, old),
      imageOf(users.owner!.id, old),
    ]);
    await put(service._id, { images: [cover, inGallery] }, cookies.owner);
    await purgeExpired();
    const left = new Set(
      (
        await (
          await getPrisma()
        ).image.findMany({
          where: { id: { in: [cover, inGallery, dropped].map((url) => url.split("/").at(-1)!) } },
          select: { id: true },
        })
      ).map((row) => `/api/uploads/${row.id}`),
    );
    expect(left).toEqual(new Set([cover, inGallery]));
  });
});

describe("the profile picture (PUT /api/users/profile)", () => {
  const profile = (body: unknown, cookie?: string) =>
    call(profileRoute, apiRequest("PUT", "/api/users/profile", { cookie, body }));

  it("is set from the user's own upload and removed with an empty value", async () => {
    const picture = await imageOf(users.profile!.id);
    const response = await profile({ image: picture }, cookies.profile);
    expect(response.status).toBe(200);
    expect((await response.json()).image).toBe(picture);
    expect((await profile({ image: "" }, cookies.profile)).status).toBe(200);
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: users.profile!.id } })).imageId).toBeNull();
  });

  it("refuses someone else's upload, an outside address and visitors", async () => {
    for (const image of [await imageOf(users.other!.id), "https://images.example.com/me.jpg"]) {
      const response = await profile({ image }, cookies.profile);
      expect(response.status).toBe(400);
      expect((await response.json()).errors.image.key).toBe("Validation.imageForeign");
    }
    expect((await profile({ image: await imageOf(users.profile!.id) })).status).toBe(401);
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: users.profile!.id } })).imageId).toBeNull();
  });
});
