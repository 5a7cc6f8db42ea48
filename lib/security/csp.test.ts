import { describe, expect, it } from "vitest";

import { API_CSP, createNonce, fallbackCsp, pageCsp, PLAIN_PAGE_CSP, tileOrigin, UPLOAD_CSP } from "@/lib/security/csp";

/** The directives of a policy by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

// What Next extracts from the request's Content-Security-Policy (get-script-nonce-from-header.js).
const NEXT_NONCE_SOURCE = /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/;

describe("pageCsp", () => {
  const tiles = "https://tile.openstreetmap.org";

  it("lets only this request's nonce and what it loads run, with no inline escape hatch", () => {
    const policy = directives(pageCsp({ nonce: "abc123==", dev: false, tiles }));
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "'nonce-abc123=='",
      "'strict-dynamic'",
      "https://www.paypal.com",
    ]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });

  it("keeps what the pages load: tiles, PayPal's frames and calls, inline styles", () => {
    const policy = directives(pageCsp({ nonce: "n", dev: false, tiles: "https://tiles.example.net" }));
    expect(policy.get("img-src")).toContain("https://tiles.example.net");
    expect(policy.get("frame-src")).toEqual(["https://*.paypal.com"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://*.paypal.com"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("lets the page send error reports to the DSN's origin only when one is set", () => {
    const reports = "https://glitchtip.example";
    expect(directives(pageCsp({ nonce: "n", dev: false, tiles, reports })).get("connect-src")).toEqual([
      "'self'",
      "https://*.paypal.com",
      reports,
    ]);
    expect(directives(pageCsp({ nonce: "n", dev: false, tiles })).get("connect-src")).not.toContain(reports);
  });

  it("allows eval and the hot-reload socket in development only", () => {
    const dev = directives(pageCsp({ nonce: "n", dev: true, tiles }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(dev.get("connect-src")).toContain("ws:");
    expect(dev.get("script-src")).not.toContain("'unsafe-inline'");
    expect(directives(pageCsp({ nonce: "n", dev: false, tiles })).get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("lets the page register our service worker and read our manifest, nothing else's", () => {
    // 'strict-dynamic' makes script-src ignore 'self', and workers fall back to script-src: without
    // its own directive the worker at /sw.js could not be registered.
    for (const policy of [pageCsp({ nonce: "n", dev: false, tiles }), fallbackCsp({ dev: false, tiles })]) {
      expect(directives(policy).get("worker-src")).toEqual(["'self'"]);
      expect(directives(policy).get("manifest-src")).toEqual(["'self'"]);
    }
  });

  it("is one header line", () => {
    expect(pageCsp({ nonce: "n", dev: true, tiles })).not.toMatch(/[\r\n]/);
  });
});

describe("the static policies", () => {
  it("run no inline script on HTML the proxy does not see", () => {
    const policy = directives(fallbackCsp({ dev: false, tiles: "https://tile.openstreetmap.org" }));
    expect(policy.get("script-src")).toEqual(["'self'", "https://www.paypal.com"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("let API answers and uploads load and run nothing", () => {
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(UPLOAD_CSP).toBe("default-src 'none'; sandbox");
    expect(directives(PLAIN_PAGE_CSP).get("default-src")).toEqual(["'none'"]);
    expect(directives(PLAIN_PAGE_CSP).has("script-src")).toBe(false);
  });
});

describe("createNonce", () => {
  it("is fresh every time and in the form Next reads back", () => {
    const nonces = Array.from({ length: 200 }, createNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(`'nonce-${nonce}'`).toMatch(NEXT_NONCE_SOURCE);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

describe("tileOrigin", () => {
  it("is the origin of the tile URL template", () => {
    expect(tileOrigin("https://tiles.example.net/osm/{z}/{x}/{y}.png")).toBe("https://tiles.example.net");
    expect(tileOrigin("http://127.0.0.1:8080/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:8080");
  });

  it("falls back to OpenStreetMap when unset or not a URL", () => {
    expect(tileOrigin("")).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("not a url {z}")).toBe("https://tile.openstreetmap.org");
  });
});
