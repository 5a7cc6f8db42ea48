import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { PUBKEY_REFETCH_MS } from "@/features/payments/server/monobank";

import type { FakeMonobank } from "../../helpers/fake-monobank";
import { openInvoice, securityEvents, unpaidStation } from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";
import { apiRequest, call } from "../../helpers/request";

/**
 * Forged webhooks cannot turn into calls to monobank: the merchant's key is fetched at most once
 * a minute, whether the last fetch worked or not; meanwhile a signature that does not verify is
 * refused (401, webhook.forged) without asking monobank.
 */
let mono: FakeMonobank;

const forged = (n: number) => {
  const body = JSON.stringify({
    invoiceId: `2611Forged${n}`,
    status: "success",
    modifiedDate: new Date().toISOString(),
  });
  return call(
    webhookRoute,
    apiRequest("POST", "/api/etc/mono/webhook", {
      body,
      headers: { "x-sign": Buffer.alloc(70, n).toString("base64") },
    }),
  );
};

describe("the merchant key under forged webhooks", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(() => {
    mono = standIn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    mono.mode.down = false;
  });

  const pubkeyFetches = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter(([url]) => String(url).includes("/api/merchant/pubkey")).length;

  it("a process with no key, monobank down: one fetch a minute, the rest refused 401 and logged", async () => {
    mono.mode.down = true;
    const spy = vi.spyOn(globalThis, "fetch");
    const events = await securityEvents("webhook.forged");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await forged(i)).status);
    expect(statuses).toEqual([502, 401, 401, 401, 401]);
    expect(pubkeyFetches(spy)).toBe(1);
    expect(await securityEvents("webhook.forged")).toBe(events + 4);
    // A minute later, monobank back: the key is fetched and genuine webhooks pass again.
    mono.mode.down = false;
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + PUBKEY_REFETCH_MS + 1_000);
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    expect(await mono.sendWebhook(invoiceId)).toBe(200);
    expect(pubkeyFetches(spy)).toBe(2);
  });

  it("a cached key, then monobank down: a failing signature re-fetches once, then is refused without fetching", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    expect(await mono.sendWebhook(invoiceId)).toBe(200);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 3 * PUBKEY_REFETCH_MS);
    mono.mode.down = true;
    const spy = vi.spyOn(globalThis, "fetch");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await forged(i)).status);
    expect(statuses).toEqual([502, 401, 401, 401]);
    expect(pubkeyFetches(spy)).toBe(1);
  });
});
