import { describe, expect, it } from "vitest";

import { clientAddress, UNKNOWN_ADDRESS } from "@/lib/http/client-address";

/** Every per-address limit keys on this: a client must never be able to choose its own key. */
const headers = (forwardedFor?: string) =>
  new Headers(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor });

// TRUSTED_PROXY_HOPS itself (0 by default, a whole number up to 10, anything odd refused at start) is lib/env.ts's.
describe("clientAddress", () => {
  it("with no trusted hops ignores the header entirely: every request is one address", () => {
    expect(clientAddress(headers("1.1.1.1"), 0)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(headers("1.1.1.1, 10.0.0.5"), 0)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(headers(), 0)).toBe(UNKNOWN_ADDRESS);
  });

  it("with one hop takes the rightmost entry, the one our proxy appended", () => {
    expect(clientAddress(headers("10.0.0.5"), 1)).toBe("10.0.0.5");
    expect(clientAddress(headers("1.1.1.1, 10.0.0.5"), 1)).toBe("10.0.0.5");
    expect(clientAddress(headers("1.1.1.1,10.0.0.5"), 1)).toBe("10.0.0.5");
    // Whatever the client put on the left, the key is the same.
    expect(clientAddress(headers("6.6.6.6, 7.7.7.7, 10.0.0.5"), 1)).toBe(
      clientAddress(headers("8.8.8.8, 10.0.0.5"), 1),
    );
  });

  it("with two hops takes the second from the right", () => {
    expect(clientAddress(headers("6.6.6.6, 203.0.113.9, 10.0.0.1"), 2)).toBe("203.0.113.9");
  });

  it("with fewer entries than hops takes the leftmost, never an index outside the list", () => {
    expect(clientAddress(headers("203.0.113.9"), 2)).toBe("203.0.113.9");
    expect(clientAddress(headers("203.0.113.9, 10.0.0.1"), 5)).toBe("203.0.113.9");
  });

  it("without the header, or with nothing in it, is the unknown address", () => {
    expect(clientAddress(headers(), 1)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(headers(""), 1)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(headers(" , ,"), 1)).toBe(UNKNOWN_ADDRESS);
  });

  it("keeps IPv6 addresses, lower-cased so one address is one key", () => {
    expect(clientAddress(headers("1.1.1.1, 2001:DB8::1"), 1)).toBe("2001:db8::1");
    expect(clientAddress(headers("::ffff:10.0.0.5"), 1)).toBe("::ffff:10.0.0.5");
  });

  it("turns garbage and huge values into a short, printable key that still tells them apart", () => {
    const huge = "a".repeat(5000);
    const keys = [
      huge,
      "b".repeat(5000),
      "<script>alert(1)</script>",
      "10.0.0.5; DROP TABLE throttles",
      "unknown",
      "[2001:db8::1]:443",
      "1.1.1.1".repeat(1000),
    ].map((value) => clientAddress(headers(value), 1));
    for (const key of keys) expect(key).toMatch(/^h:[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
    expect(clientAddress(headers(`1.1.1.1, ${huge}`), 1)).toBe(keys[0]);
  });

  it("reads plain header records too (next-auth passes one), joining repeated headers", () => {
    expect(clientAddress({ "x-forwarded-for": "1.1.1.1, 10.0.0.5" }, 1)).toBe("10.0.0.5");
    expect(clientAddress({ "x-forwarded-for": ["1.1.1.1", "10.0.0.5"] }, 1)).toBe("10.0.0.5");
    expect(clientAddress({}, 1)).toBe(UNKNOWN_ADDRESS);
  });
});
