import { afterEach, describe, expect, it } from "vitest";

import { isKeptCopy, STORED_AT_ATTRIBUTE } from "@/features/offline/kept-copy";

/**
 * What says "nobody is signed in" without knowing: a page the service worker shows from its copies
 * was rendered for nobody, so the device must not forget the signed-in person on its word. That is
 * a kept page (marked with the time it was stored) and the offline page (kept at install, fetched
 * without cookies, unmarked), which a signed-in visitor gets for any page not kept once offline.
 */
const globals = globalThis as unknown as { document?: unknown; location?: unknown };

function open(pathname: string, attributes: Record<string, string> = {}) {
  globals.document = { documentElement: { hasAttribute: (name: string) => name in attributes } };
  globals.location = { pathname };
}

afterEach(() => {
  delete globals.document;
  delete globals.location;
});

describe("isKeptCopy", () => {
  it("is a page kept by the worker, marked with when it was stored", () => {
    open("/ua/service/abc", { [STORED_AT_ATTRIBUTE]: "2026-12-06T10:00:00.000Z" });
    expect(isKeptCopy()).toBe(true);
  });

  it("is the offline page in either language, which the worker shows unmarked", () => {
    for (const path of ["/offline", "/ua/offline"]) {
      open(path);
      expect(isKeptCopy()).toBe(true);
    }
  });

  it("is not a page rendered for its visitor", () => {
    for (const path of ["/home", "/ua/services", "/offline-maps", "/ua/offline/x"]) {
      open(path);
      expect(isKeptCopy()).toBe(false);
    }
  });
});
