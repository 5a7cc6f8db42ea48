import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { AppError } from "@/lib/http/errors";

import { setEnv } from "../../../tests/helpers/env";
import { startFakeMonobank, type FakeMonobank } from "../../../tests/helpers/fake-monobank";
import {
  createMonoInvoice,
  PUBKEY_REFETCH_MS,
  readMonoInvoice,
  safePageUrl,
  toKopiykas,
  verifyMonoSignature,
} from "./monobank";

let mono: FakeMonobank;
beforeAll(async () => {
  mono = await startFakeMonobank();
  setEnv({ MONO_TOKEN: mono.token, MONO_API_BASE: mono.url });
});
afterAll(async () => {
  setEnv({ MONO_TOKEN: undefined, MONO_API_BASE: undefined });
  await mono.close();
});
afterEach(() => {
  vi.useRealTimers();
  mono.mode.down = false;
  mono.mode.pageUrl = null;
});

const invoice = () =>
  createMonoInvoice({
    amount: "125.00",
    reference: "0193f1a2-0000-7000-8000-000000000001",
    destination: "Maister listing: Autofix",
    itemName: "Maister listing",
    redirectUrl: "http://localhost:3000/placeorder/result?payment=x",
    webHookUrl: "http://localhost:3000/api/etc/mono/webhook",
    validity: 900,
  });

describe("the payment page monobank hands back", () => {
  it("must be https; plain http only when the API itself is (the local stand-in)", () => {
    expect(safePageUrl("https://pay.mbnk.biz/2611abc", "https://api.monobank.ua")).toBe(true);
    expect(safePageUrl("http://pay.mbnk.biz/2611abc", "https://api.monobank.ua")).toBe(false);
    expect(safePageUrl("http://127.0.0.1:4000/pay/2611abc", "http://127.0.0.1:4000")).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "//evil.example/x", "not a url", ""])
      expect(safePageUrl(bad, "http://127.0.0.1:4000")).toBe(false);
  });

  it("an invoice whose page is not a web address is refused: 502, the browser is sent nowhere", async () => {
    mono.mode.pageUrl = "javascript:alert(document.cookie)";
    await expect(invoice()).rejects.toMatchObject({ status: 502, key: "Payment.unavailable" });
  });
});

describe("toKopiykas", () => {
  it("counts hryvnias in kopiykas without floating point", () => {
    expect(toKopiykas("125.00")).toBe(12500);
    expect(toKopiykas("0.01")).toBe(1);
    expect(toKopiykas("99.5")).toBe(9950);
    expect(toKopiykas("1234567.89")).toBe(123456789);
  });
});

describe("the monobank client", () => {
  it("creates a one-off debit invoice in kopiykas of hryvnias, with the station as reference", async () => {
    const { invoiceId, pageUrl } = await invoice();
    expect(pageUrl).toBe(`${mono.url}/pay/${invoiceId}`);
    expect(mono.invoices.get(invoiceId)!.request).toMatchObject({
      amount: 12500,
      ccy: 980,
      validity: 900,
      paymentType: "debit",
      merchantPaymInfo: { reference: "0193f1a2-0000-7000-8000-000000000001", destination: "Maister listing: Autofix" },
    });
  });

  it("reads an invoice's state; an unknown invoice is null; monobank down is a 502 Payment.unavailable", async () => {
    const { invoiceId } = await invoice();
    expect(await readMonoInvoice(invoiceId)).toMatchObject({ invoiceId, status: "created", amount: 12500, ccy: 980 });
    expect(await readMonoInvoice("2611unknown000000000")).toBeNull();
    mono.mode.down = true;
    const error = await readMonoInvoice(invoiceId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, key: "Payment.unavailable" });
    await expect(invoice()).rejects.toMatchObject({ status: 502, key: "Payment.unavailable" });
  });

  it("verifies X-Sign over the raw body with the merchant's key, fetched once and kept", async () => {
    const body = JSON.stringify({ invoiceId: "2611abc", status: "success", modifiedDate: new Date().toISOString() });
    const before = mono.calls.pubkey;
    expect(await verifyMonoSignature(body, mono.sign(body))).toBe(true);
    expect(await verifyMonoSignature(body, mono.sign(body))).toBe(true);
    // One byte changed, no signature, garbage: refused, and the key is not fetched again for them.
    expect(await verifyMonoSignature(`${body} `, mono.sign(body))).toBe(false);
    expect(await verifyMonoSignature(body, null)).toBe(false);
    expect(await verifyMonoSignature(body, "not base64 at all!")).toBe(false);
    expect(mono.calls.pubkey - before).toBeLessThanOrEqual(1);
  });

  it("checks the bytes as received: invalid UTF-8 is not read as the replacement character that was signed", async () => {
    const signed = '{"invoiceId":"2611abc","destination":"\uFFFD"}';
    const received = Buffer.concat([
      Buffer.from('{"invoiceId":"2611abc","destination":"'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    expect(await verifyMonoSignature(Buffer.from(signed, "utf8"), mono.sign(signed))).toBe(true);
    expect(await verifyMonoSignature(new Uint8Array(received), mono.sign(signed))).toBe(false);
  });

  it("after a key rotation fetches the key again, at most once a minute", async () => {
    const body = JSON.stringify({ invoiceId: "2611def", status: "success" });
    expect(await verifyMonoSignature(body, mono.sign(body))).toBe(true);
    mono.rotateKey();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + PUBKEY_REFETCH_MS + 1000);
    const before = mono.calls.pubkey;
    // The new key's signature fails with the cached key: the key is fetched again, then it passes.
    expect(await verifyMonoSignature(body, mono.sign(body))).toBe(true);
    expect(mono.calls.pubkey - before).toBe(1);
    // Forged signatures right after that do not make the site ask monobank again.
    for (let i = 0; i < 5; i++) expect(await verifyMonoSignature(body, mono.sign(`${body}${i}`))).toBe(false);
    expect(mono.calls.pubkey - before).toBe(1);
    // A minute later a failure may fetch it once more (and the valid key still verifies).
    vi.setSystemTime(Date.now() + PUBKEY_REFETCH_MS + 1000);
    expect(await verifyMonoSignature(body, mono.sign(`${body}x`))).toBe(false);
    expect(mono.calls.pubkey - before).toBe(2);
    expect(await verifyMonoSignature(body, mono.sign(body))).toBe(true);
  });

  it("a rotated key within the minute after the last fetch is refused until the minute is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * PUBKEY_REFETCH_MS);
    const body = JSON.stringify({ invoiceId: "2611ghi", status: "success" });
    // A failure fetches the key (the last fetch is long ago) and passes with it.
    expect(await verifyMonoSignature(`${body}!`, mono.sign(body))).toBe(false);
    mono.rotateKey();
    const before = mono.calls.pubkey;
    expect(await verifyMonoSignature(body, mono.sign(body))).toBe(false);
    expect(mono.calls.pubkey).toBe(before);
    vi.setSystemTime(Date.now() + PUBKEY_REFETCH_MS + 1000);
    expect(await verifyMonoSignature(body, mono.sign(body))).toBe(true);
    expect(mono.calls.pubkey).toBe(before + 1);
  });

  it("monobank down while the key is needed is a 502, not a refusal", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 20 * PUBKEY_REFETCH_MS);
    mono.rotateKey();
    mono.mode.down = true;
    const body = JSON.stringify({ invoiceId: "2611jkl", status: "success" });
    await expect(verifyMonoSignature(body, mono.sign(body))).rejects.toMatchObject({ status: 502 });
  });
});
