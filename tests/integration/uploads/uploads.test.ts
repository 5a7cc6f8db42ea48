import { NextRequest } from "next/server";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as getUpload } from "@/app/api/uploads/[id]/route";
import { POST as uploadRoute } from "@/app/api/uploads/route";
import { getPrisma } from "@/lib/db/client";
import { encodePng } from "@/lib/png";
import { take } from "@/lib/security/rate-limit";

import { makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const cookies: Record<string, string> = {};
let throttledId = "";

beforeAll(async () => {
  const [user, blocked, throttled] = await Promise.all([makeUser(), makeUser(), makeUser()]);
  cookies.user = await signIn(user.email);
  cookies.blocked = await signIn(blocked.email);
  cookies.throttled = await signIn(throttled.email);
  throttledId = throttled.id;
  await (await getPrisma()).user.update({ where: { id: blocked.id }, data: { isBlocked: true } });
});

function upload(file: Blob | string | null, cookie?: string, name = "photo.png") {
  const form = new FormData();
  if (typeof file === "string") form.append("image", file);
  else if (file) form.append("image", file, name);
  return call(
    uploadRoute,
    new NextRequest("http://localhost/api/uploads", { method: "POST", body: form, headers: cookie ? { cookie } : {} }),
  );
}
const count = async () => (await getPrisma()).image.count();
const png = new Uint8Array(encodePng(2, 2, () => [200, 30, 30]));
const padded = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(png);
  return new Blob([bytes], { type: "image/png" });
};

describe("POST /api/uploads", () => {
  it("refuses visitors and blocked users and stores nothing", async () => {
    const before = await count();
    expect((await upload(new Blob([png]))).status).toBe(401);
    expect((await upload(new Blob([png]), cookies.blocked)).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it.each(["png", "jpeg", "gif", "webp"] as const)(
    "re-encodes a %s as JPEG and serves it with nosniff and immutable caching",
    async (format) => {
      const bytes = new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0392b" } })
          [format]()
          .toBuffer(),
      );
      const response = await upload(
        new Blob([bytes], { type: "application/octet-stream" }),
        cookies.user,
        "whatever.bin",
      );
      expect(response.status).toBe(201);
      const { image } = await response.json();
      expect(image).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
      const id = image.split("/").at(-1);
      const served = await call(getUpload, makeRequest(image), params({ id }));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toContain("immutable");
      expect(await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).toMatchObject({
        format: "jpeg",
        width: 40,
        height: 30,
      });
    },
  );

  it("strips EXIF (a phone's GPS position), applies the orientation, and stores card and detail sizes in WebP and JPEG", async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#2e86c1" } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: "Owner's phone", Make: "PhoneCo" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 27/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(new Blob([new Uint8Array(photo)]), cookies.user, "IMG_0001.jpg");
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const prisma = await getPrisma();
    const stored = await prisma.image.findUniqueOrThrow({
      where: { id },
      include: { variants: { orderBy: [{ width: "asc" }, { format: "asc" }] } },
    });
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the stored picture stands upright.
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 1200, height: 1600 });
    expect(stored.variants.map((variant) => `${variant.width}${variant.format}`)).toEqual([
      "160jpeg",
      "160webp",
      "480jpeg",
      "480webp",
    ]);
    const card = await call(getUpload, makeRequest(`/api/uploads/${id}?w=480&f=webp`), params({ id }));
    expect(card.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(new Uint8Array(await card.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 480,
    });
    // A width that is not stored (the image is narrower than 1200) answers with the image itself.
    const detail = await call(getUpload, makeRequest(`/api/uploads/${id}?w=1200&f=webp`), params({ id }));
    expect(detail.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a file that only starts like an image as unreadable, not as a wrong type", async () => {
    const before = await count();
    const response = await upload(
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70])]),
      cookies.user,
      "broken.jpg",
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors.image.key).toBe("Validation.imageUnreadable");
    expect(body.message).toBe("The image could not be read: the file may be damaged. Please choose another image.");
    expect(await count()).toBe(before);
  });

  it("answers wrong type, too large and unreadable with three distinct keys and texts", async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#117a65" } })
        .jpeg()
        .toBuffer(),
    );
    const cutOff = new Blob([photo.slice(0, photo.length / 2)]);
    const answers = await Promise.all([
      upload(new Blob(["plain text, not a picture"]), cookies.user, "notes.txt"),
      upload(padded(1_048_576), cookies.user),
      upload(cutOff, cookies.user, "half.jpg"),
    ]);
    const bodies = await Promise.all(answers.map((response) => response.json()));
    expect(answers.map((response) => response.status)).toEqual([400, 413, 400]);
    const keys = bodies.map((body) => body.errors?.image?.key ?? body.key);
    expect(keys).toEqual(["Validation.imageType", "Validation.image", "Validation.imageUnreadable"]);
    expect(new Set(bodies.map((body) => body.message)).size).toBe(3);
  });

  it("refuses an SVG (or HTML) named like a PNG", async () => {
    const before = await count();
    const response = await upload(
      new Blob(["<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"], { type: "image/png" }),
      cookies.user,
      "x.png",
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.key).toBe("Api.badRequest");
    expect(body.errors.image.key).toBe("Validation.imageType");
    expect(await count()).toBe(before);
  });

  it("draws the size line at 1048576 bytes with the spec's message", async () => {
    const before = await count();
    const tooBig = await upload(padded(1_048_576), cookies.user);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe("Image size should be less than 1 MB");
    expect(await count()).toBe(before);
    expect((await upload(padded(1_048_575), cookies.user)).status).toBe(201);
  });

  it("refuses a missing field, a text field and a JSON body", async () => {
    const before = await count();
    expect((await upload(null, cookies.user)).status).toBe(400);
    expect((await upload("not a file", cookies.user)).status).toBe(400);
    const asJson = await call(
      uploadRoute,
      makeRequest("/api/uploads", {
        method: "POST",
        headers: { cookie: cookies.user!, "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(asJson.status).toBe(400);
    const malformed = await call(
      uploadRoute,
      makeRequest("/api/uploads", {
        method: "POST",
        headers: { cookie: cookies.user!, "content-type": "multipart/form-data; boundary=x" },
        body: "not multipart",
      }),
    );
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors.image.key).toBe("Validation.multipart");
    expect(await count()).toBe(before);
  });

  it("refuses a declared body too large for any allowed image before reading it", async () => {
    const response = await call(
      uploadRoute,
      makeRequest("/api/uploads", {
        method: "POST",
        headers: {
          cookie: cookies.user!,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(2 * 1_048_576),
        },
        body: "x",
      }),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).key).toBe("Validation.image");
  });

  it("throttles a user after 30 uploads an hour", async () => {
    for (let i = 0; i < 30; i++) await take("upload", throttledId);
    const before = await count();
    const response = await upload(new Blob([png]), cookies.throttled);
    expect(response.status).toBe(429);
    expect((await response.json()).key).toBe("Auth.tooManyRequests");
    expect(await count()).toBe(before);
  });

  it("answers 404 for unknown and malformed image ids", async () => {
    expect((await call(getUpload, makeRequest("/api/uploads/x"), params({ id: "x" }))).status).toBe(404);
    expect(
      (
        await call(
          getUpload,
          makeRequest("/api/uploads/0195f6c8-1111-7222-8333-444455556666"),
          params({ id: "0195f6c8-1111-7222-8333-444455556666" }),
        )
      ).status,
    ).toBe(404);
  });
});
