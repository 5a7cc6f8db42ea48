import { afterEach, describe, expect, it } from "vitest";

import { openSecret, sealSecret } from "@/lib/security/secret-box";
import { setEnv } from "@/tests/helpers/env";

const original = process.env.APP_SECRET;
afterEach(() => setEnv({ APP_SECRET: original }));

describe("secret box", () => {
  it("opens what it sealed, and the sealed text shows nothing of the secret", () => {
    const sealed = sealSecret("JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealed.length).toBeLessThanOrEqual(200);
    expect(openSecret(sealed)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("seals the same secret differently every time (a fresh nonce)", () => {
    expect(sealSecret("same")).not.toBe(sealSecret("same"));
  });

  it("refuses a sealed text that was changed, or one sealed under another APP_SECRET", () => {
    const sealed = sealSecret("JBSWY3DPEHPK3PXP");
    const body = sealed.slice(sealed.indexOf(":") + 1);
    const flipped = `${sealed.slice(0, sealed.indexOf(":") + 1)}${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(openSecret(flipped)).toBeNull();
    expect(openSecret("not sealed at all")).toBeNull();
    setEnv({ APP_SECRET: "another-secret-of-enough-length-0123456789" });
    expect(openSecret(sealed)).toBeNull();
  });
});
