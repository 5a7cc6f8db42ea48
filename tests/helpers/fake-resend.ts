import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedMail = { auth: string | undefined; body: { from: string; to: string | string[]; subject: string; text: string; html: string } };
/** What the stand-in answers instead of accepting a mail. */
export type Refusal = { status: number; name: string; message: string };

/**
 * A local stand-in for Resend's REST API (point RESEND_BASE_URL at `url`). It records every
 * POST /emails and accepts it, unless it is `down` (503) or `refuse` says otherwise. Like Resend,
 * it keeps one answer per Idempotency-Key: `accepted` counts how often each mail was accepted.
 */
export type FakeResend = {
  url: string;
  received: ReceivedMail[];
  accepted: Map<string, number>;
  refused: number;
  down: boolean;
  close(): Promise<void>;
};

const UNAVAILABLE: Refusal = { status: 503, name: "application_error", message: "Service unavailable" };

export async function startFakeResend(refuse: (mail: ReceivedMail) => Refusal | null = () => null): Promise<FakeResend> {
  const fake = { received: [] as ReceivedMail[], accepted: new Map<string, number>(), refused: 0, down: false };
  const server: Server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.method !== "POST" || request.url !== "/emails") return response.writeHead(404).end("{}");
      const mail = { auth: request.headers.authorization, body: JSON.parse(raw) as ReceivedMail["body"] };
      fake.received.push(mail);
      const refusal = fake.down ? UNAVAILABLE : refuse(mail);
      if (refusal) {
        fake.refused++;
        return response.writeHead(refusal.status).end(JSON.stringify({ name: refusal.name, message: refusal.message, statusCode: refusal.status }));
      }
      const key = String(request.headers["idempotency-key"] ?? raw);
      fake.accepted.set(key, (fake.accepted.get(key) ?? 0) + 1);
      response.writeHead(200).end(JSON.stringify({ id: `fake-${fake.received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
