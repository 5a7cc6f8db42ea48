import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as uploadRoute } from "@/app/api/uploads/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { call } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * Limits hold on the bytes actually read: a chunked body (no Content-Length) far over the limit is
 * cut off near it, and a visitor's upload is not read at all. `pulled` counts what the handler took.
 */
const CHUNK = 64 * 1024;

function streamed(totalBytes: number) {
  const meter = { pulled: 0 };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const chunk = new Uint8Array(Math.min(CHUNK, totalBytes - sent)).fill(97);
      sent += chunk.byteLength;
      meter.pulled = sent;
      controller.enqueue(chunk);
    },
  });
  return { body, meter };
}

const request = (path: string, method: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  new NextRequest(new URL(path, "http://localhost"), { method, body, headers, duplex: "half" } as ConstructorParameters<
    typeof NextRequest
  >[1]);

let cookie = "";
beforeAll(async () => {
  const user = await makeUser();
  cookie = await signIn(user.email);
});

describe("bodies are capped while they stream", () => {
  it("a chunked 8 MiB upload is refused with 413 after about 1 MiB, and nothing is stored", async () => {
    const before = await (await getPrisma()).image.count();
    const { body, meter } = streamed(8 * 1024 * 1024);
    const response = await call(
      uploadRoute,
      request("/api/uploads", "POST", body, { cookie, "content-type": "multipart/form-data; boundary=x" }),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).key).toBe("Validation.image");
    expect(meter.pulled).toBeLessThan(1024 * 1024 + 64 * 1024 + 3 * CHUNK);
    expect(await (await getPrisma()).image.count()).toBe(before);
  });

  it("a visitor's chunked upload is refused with 401 before a byte of it is read", async () => {
    const { body, meter } = streamed(8 * 1024 * 1024);
    const response = await call(
      uploadRoute,
      request("/api/uploads", "POST", body, { "content-type": "multipart/form-data; boundary=x" }),
    );
    expect(response.status).toBe(401);
    // A stream may be asked for its first chunk ahead of any read; never more.
    expect(meter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("a chunked JSON body over 64 KiB is a 413 after about 64 KiB, and a small one still works", async () => {
    const { body, meter } = streamed(4 * 1024 * 1024);
    const response = await call(
      profileRoute,
      request("/api/users/profile", "PUT", body, { cookie, "content-type": "application/json" }),
    );
    expect(response.status).toBe(413);
    expect(meter.pulled).toBeLessThan(64 * 1024 + 3 * CHUNK);

    const small = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ name: "Chunked Name" })));
        controller.close();
      },
    });
    const ok = await call(
      profileRoute,
      request("/api/users/profile", "PUT", small, { cookie, "content-type": "application/json" }),
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).name).toBe("Chunked Name");
  });

  it("next-auth's own routes read at most 16 KiB of a body", async () => {
    const { body, meter } = streamed(4 * 1024 * 1024);
    const response = await call(
      (req, ctx: { params: Promise<{ nextauth: string[] }> }) => nextAuthPost(req, ctx),
      request("/api/auth/callback/credentials", "POST", body, { "content-type": "application/x-www-form-urlencoded" }),
      { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) },
    );
    expect(response.status).toBe(413);
    expect(meter.pulled).toBeLessThan(16 * 1024 + 3 * CHUNK);
  });
});
