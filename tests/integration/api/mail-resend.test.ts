import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { sendMail } from "@/lib/server/mail";

/** A local stand-in for Resend's REST API: records what it receives, fails on request. */
type Received = { auth: string | undefined; body: { from: string; to: string | string[]; subject: string; text: string; html: string } };
const received: Received[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      const body = JSON.parse(raw) as Received["body"];
      received.push({ auth: request.headers.authorization, body });
      response.setHeader("content-type", "application/json");
      if (request.method !== "POST" || request.url !== "/emails") return response.writeHead(404).end("{}");
      if (String(body.to).includes("bounce")) return response.writeHead(422).end(JSON.stringify({ name: "validation_error", message: "Invalid `to` field.", statusCode: 422 }));
      response.writeHead(200).end(JSON.stringify({ id: `fake-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.MAIL_FROM = "Maister <hello@maister.test>";
});

afterAll(async () => {
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
  delete process.env.MAIL_FROM;
  await new Promise((resolve) => server.close(resolve));
});

const mail = (to: string) => ({ to, subject: "Тема", text: "Привіт", html: "<p>Привіт</p>", locale: "uk" as const, kind: "test" });

describe("sendMail through Resend", () => {
  it("sends with the key and sender from the environment and records the provider id", async () => {
    await sendMail(mail("someone@test.local"));
    expect(received.at(-1)).toMatchObject({ auth: "Bearer re_test_key", body: { from: "Maister <hello@maister.test>", to: "someone@test.local", subject: "Тема", html: "<p>Привіт</p>" } });
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "someone@test.local" } });
    expect(stored).toMatchObject({ status: "sent", providerId: "fake-1" });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a refused mail in the outbox as failed, with the provider's reason, and does not throw", async () => {
    await expect(sendMail(mail("bounce@test.local"))).resolves.toBeUndefined();
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "bounce@test.local" } });
    expect(stored).toMatchObject({ status: "failed", error: expect.stringContaining("Invalid") });
  });

  it("survives the provider being unreachable", async () => {
    process.env.RESEND_BASE_URL = "http://127.0.0.1:9";
    await expect(sendMail(mail("offline@test.local"))).resolves.toBeUndefined();
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "offline@test.local" } });
    expect(stored.status).toBe("failed");
  });
});
