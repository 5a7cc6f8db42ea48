import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedMail = {
  auth: string | undefined;
  key: string | undefined;
  body: { from: string; to: string | string[]; subject: string; text: string; html: string };
};
/** What the stand-in answers instead of accepting a mail. */
export type Refusal = { status: number; name: string; message: string };

/**
 * A local stand-in for Resend's REST API (point RESEND_BASE_URL at `url`). It records every
 * POST /emails and accepts it, unless it is `down` (503) or `refuse` says otherwise. Like Resend,
 * it keeps one answer per Idempotency-Key: a second send with a key it has accepted is answered with
 * the first answer and delivers nothing (`replayed`). `delivered` is what reached an inbox.
 */
export type FakeResend = {
  url: string;
  received: ReceivedMail[];
  delivered: ReceivedMail[];
  replayed: number;
  refused: number;
  down: boolean;
  close(): Promise<void>;
};

const UNAVAILABLE: Refusal = { status: 503, name: "application_error", message: "Service unavailable" };

export async function startFakeResend(
  refuse: (mail: ReceivedMail) => Refusal | null = () => null,
): Promise<FakeResend> {
  const fake = {
    received: [] as ReceivedMail[],
    delivered: [] as ReceivedMail[],
    replayed: 0,
    refused: 0,
    down: false,
  };
  const answers = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.method !== "POST" || request.url !== "/emails") return response.writeHead(404).end("{}");
      const key = request.headers["idempotency-key"];
      const mail = {
        auth: request.headers.authorization,
        key: typeof key === "string" ? key : undefined,
        body: JSON.parse(raw) as ReceivedMail["body"],
      };
      fake.received.push(mail);
      const earlier = mail.key === undefined ? undefined : answers.get(mail.key);
      if (earlier) {
        fake.replayed++;
        return response.writeHead(200).end(earlier);
      }
      const refusal = fake.down ? UNAVAILABLE : refuse(mail);
      if (refusal) {
        fake.refused++;
        return response
          .writeHead(refusal.status)
          .end(JSON.stringify({ name: refusal.name, message: refusal.message, statusCode: refusal.status }));
      }
      fake.delivered.push(mail);
      const answer = JSON.stringify({ id: `fake-${fake.received.length}` });
      if (mail.key !== undefined) answers.set(mail.key, answer);
      response.writeHead(200).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
