import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { readCatalogVersion } from "@/lib/cache/version";
import { THROTTLES } from "@/lib/security/rate-limit";

import { makeUser } from "../../helpers/factories";
import type { FakeMonobank } from "../../helpers/fake-monobank";
import { openInvoice, outcome, paymentOf, startInvoice, unpaidStation } from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";

/**
 * The result page polls every 2 s: a poll must neither empty every instance's read cache (only a
 * change to a station does) nor call monobank each time, and a script is stopped by a per-user limit.
 */
let mono: FakeMonobank;

describe("card payment calls that repeat", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(async () => {
    mono = standIn();
    await makeUser({ isAdmin: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it("polling an open invoice reads monobank at most once in 5 s and leaves the catalogue alone", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { paymentId } = await openInvoice(stoId, cookie);
    const version = await readCatalogVersion();
    const reads = mono.calls.status;
    for (let i = 0; i < 5; i++) expect((await outcome(paymentId, cookie)).status).toBe(200);
    expect(mono.calls.status - reads).toBe(1);
    expect(await readCatalogVersion()).toBe(version);
    // 5 s later it is read again.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 5_100);
    await outcome(paymentId, cookie);
    expect(mono.calls.status - reads).toBe(2);
  });

  it("a decline or an expiry leaves the catalogue alone; a success and a reversal change it", async () => {
    const { cookie, stoId } = await unpaidStation();
    const declined = await openInvoice(stoId, cookie);
    let version = await readCatalogVersion();
    await mono.pay(declined.invoiceId, "failure");
    expect(await paymentOf(declined.invoiceId)).toMatchObject({ status: "failed" });
    expect(await readCatalogVersion()).toBe(version);
    const paid = await openInvoice(stoId, cookie);
    await mono.pay(paid.invoiceId);
    expect(await readCatalogVersion()).toBeGreaterThan(version);
    version = await readCatalogVersion();
    await mono.reverse(paid.invoiceId);
    expect(await readCatalogVersion()).toBeGreaterThan(version);
  });

  it("the outcome and the invoice calls are limited per user: 429 with the translated text", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { paymentId } = await openInvoice(stoId, cookie);
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLES.monoOutcome.points + 1; i++) statuses.push((await outcome(paymentId, cookie)).status);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const refused = await outcome(paymentId, cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many requests/);

    const other = await unpaidStation();
    const answers: number[] = [];
    for (let i = 0; i < THROTTLES.monoInvoice.points + 1; i++)
      answers.push((await startInvoice(other.stoId, other.cookie)).status);
    expect(answers.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});
