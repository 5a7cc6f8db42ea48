import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for a Web Push service (RFC 8030), such as a browser's own (FCM, Mozilla's
 * autopush). Like them it takes POST /push/<id>, the address a subscription's endpoint names,
 * answers 201 and keeps the message: its encrypted body and the headers (Authorization
 * "vapid t=<JWT>, k=<key>", Content-Encoding aes128gcm, TTL, Urgency). It can be told to answer
 * an endpoint otherwise (410 and 404 for a subscription that is gone, 429 with Retry-After,
 * 500), once or until told again. The helpers below play the browser's part: a subscription's
 * keys, and the decryption of a received body with them (RFC 8291), and check the VAPID
 * signature (RFC 8292). Used by the integration tests in process, and through its control
 * routes (/_control/…) by the end-to-end tests (fake-push-server.ts).
 */

export type ReceivedPush = {
  id: string;
  headers: Record<string, string>;
  /** The encrypted body (aes128gcm). */
  body: Buffer;
  /** The status answered. */
  status: number;
  at: string;
};

export type PushAnswer = { status: number; retryAfter?: string; times?: number };

export type FakePush = {
  url: string;
  /** A subscription endpoint of this push service. */
  endpoint(id?: string): string;
  /** Every message received, in order, whatever it was answered. */
  received: ReceivedPush[];
  /** How to answer an endpoint id (`times` answers, then 201 again; without, until changed). */
  answer(id: string, answer: PushAnswer | null): void;
  close(): Promise<void>;
};

const ID = /^\/push\/([A-Za-z0-9_-]{1,100})$/;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

export async function startFakePush(port = 0): Promise<FakePush> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, PushAnswer>();

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const body = await bodyOf(request);
      const push = ID.exec(url.pathname);
      if (push && request.method === "POST") {
        const id = push[1]!;
        const answer = answers.get(id);
        const status = answer?.status ?? 201;
        if (answer?.times !== undefined && --answer.times <= 0) answers.delete(id);
        received.push({ id, headers: headersOf(request), body, status, at: new Date().toISOString() });
        if (status === 201) {
          response.writeHead(201, { location: `${fake.url}/message/${received.length}` });
          response.end();
        } else
          send(
            response,
            status,
            { error: "stand-in answer" },
            answer?.retryAfter ? { "retry-after": answer.retryAfter } : {},
          );
        return;
      }
      // The end-to-end tests' controls: what was received for an id, and how to answer it.
      const received_ = /^\/_control\/received\/([A-Za-z0-9_-]{1,100})$/.exec(url.pathname);
      if (received_ && request.method === "GET") {
        const messages = received.filter((each) => each.id === received_[1]);
        send(
          response,
          200,
          messages.map((each) => ({ ...each, body: each.body.toString("base64") })),
        );
        return;
      }
      const answer = /^\/_control\/answer\/([A-Za-z0-9_-]{1,100})$/.exec(url.pathname);
      if (answer && request.method === "POST") {
        const given = body.length ? (JSON.parse(body.toString("utf8")) as PushAnswer | null) : null;
        fake.answer(answer[1]!, given);
        send(response, 200, { ok: true });
        return;
      }
      send(response, 404, { error: "no such endpoint" });
    })().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakePush = {
    url,
    endpoint: (id = randomBytes(12).toString("base64url")) => `${url}/push/${id}`,
    received,
    answer(id, given) {
      if (given) answers.set(id, { ...given });
      else answers.delete(id);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** The browser's part of a subscription: its P-256 key pair and auth secret, and the keys as toJSON() gives them. */
export type BrowserKeys = { ecdh: ECDH; auth: Buffer; keys: { p256dh: string; auth: string } };

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

/** The same keys from a private key and auth secret (base64url), as an end-to-end test hands them over. */
export function browserKeysFrom(privateKey: string, auth: string): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
  return browserKeysOf(ecdh, Buffer.from(auth, "base64url"));
}

function browserKeysOf(ecdh: ECDH, auth: Buffer): BrowserKeys {
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

type Ece = { decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: Buffer }): Buffer };
// http_ece (web-push's own dependency) ships no types and is CommonJS.
const ece = createRequire(import.meta.url)("http_ece") as Ece;

/** What the browser reads from a received body (RFC 8291: aes128gcm, keyed by ECDH and the auth secret). */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  return ece.decrypt(body, { version: "aes128gcm", privateKey: keys.ecdh, authSecret: keys.auth }).toString("utf8");
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * Checks an Authorization header as a push service does (RFC 8292 §2-3): "vapid t=<JWT>, k=<key>",
 * the JWT signed ES256 with the key k. Returns the key and the claims; throws when it does not hold.
 */
export function verifyVapid(authorization: string | undefined): { key: string; claims: VapidClaims } {
  const match = /^vapid t=([A-Za-z0-9_.-]+), ?k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const good = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!good) throw new Error("the VAPID signature does not verify");
  const { alg } = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg: string };
  if (alg !== "ES256") throw new Error(`VAPID alg ${alg}`);
  return { key, claims: JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as VapidClaims };
}
