import type { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach } from "vitest";

import { setEnv } from "./env";
import { startFakeMonobank, type FakeMonobank } from "./fake-monobank";
import { call, makeRequest } from "./request";

const DEFAULT_MODE: FakeMonobank["mode"] = {
  down: false,
  loseWebhooks: false,
  amount: null,
  ccy: null,
  reference: null,
  secondPrecision: false,
  pageUrl: null,
};

/** The address webhooks come from: monobank's side, behind the one trusted proxy hop of the tests. */
export const MONO_WEBHOOK_IP = "203.0.113.80";

/**
 * For a test file or a describe block: the monobank stand-in runs while its tests do, and the
 * app's MONO_TOKEN / MONO_API_BASE point at it. Integration tests have no HTTP server for the
 * invoice's webHookUrl (APP_URL + /api/etc/mono/webhook), so with `webhook` (the route's POST
 * handler) the stand-in delivers each webhook by calling it with that URL, the raw body and the
 * X-Sign header, and reads its status; without it, webhooks go over HTTP. Before each test every
 * switch of `mode` is turned back off. Returns the running stand-in, read in the tests.
 */
export function withMonoStandIn(
  options: { webhook?: (request: NextRequest, context: never) => Promise<Response> } = {},
): () => FakeMonobank {
  let mono: FakeMonobank | undefined;
  beforeAll(async () => {
    mono = await startFakeMonobank();
    const { webhook } = options;
    if (webhook)
      mono.deliver = async (url, body, headers) => {
        const request = makeRequest(url, {
          method: "POST",
          headers: {
            ...headers,
            "content-length": String(Buffer.byteLength(body)),
            "x-forwarded-for": MONO_WEBHOOK_IP,
          },
          body,
        });
        const response = await call(webhook, request);
        await response.arrayBuffer();
        return response.status;
      };
    setEnv({ MONO_TOKEN: mono.token, MONO_API_BASE: mono.url });
  });
  // Every test starts from a stand-in that works: a switch one test turned on never leaks into the next.
  beforeEach(() => {
    if (mono) Object.assign(mono.mode, DEFAULT_MODE);
  });
  afterAll(async () => {
    setEnv({ MONO_TOKEN: undefined, MONO_API_BASE: undefined });
    await mono?.close();
  });
  return () => {
    if (!mono) throw new Error("The monobank stand-in runs only inside the tests of its block.");
    return mono;
  };
}
