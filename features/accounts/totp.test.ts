import { TOTP } from "otpauth";
import { describe, expect, it } from "vitest";

import {
  checkTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpCode,
  totpStep,
  totpUrl,
} from "@/features/accounts/totp";

const SECRET = "JBSWY3DPEHPK3PXP";
const AT = Date.UTC(2026, 4, 1, 12, 0, 10);
const STEP = Math.floor(AT / 30_000);

describe("TOTP codes", () => {
  it("gives the codes any authenticator app gives (RFC 6238, SHA-1, 6 digits, 30 s)", () => {
    const reference = new TOTP({ secret: SECRET }).generate({ timestamp: AT });
    expect(totpCode(SECRET, AT)).toBe(reference);
    expect(totpStep(AT)).toBe(STEP);
  });

  it("accepts the current code and its neighbours one step either side, and says which step", () => {
    expect(checkTotpCode(SECRET, totpCode(SECRET, AT), null, AT)).toEqual({ step: STEP });
    expect(checkTotpCode(SECRET, totpCode(SECRET, AT - 30_000), null, AT)).toEqual({ step: STEP - 1 });
    expect(checkTotpCode(SECRET, totpCode(SECRET, AT + 30_000), null, AT)).toEqual({ step: STEP + 1 });
    expect(checkTotpCode(SECRET, totpCode(SECRET, AT - 60_000), null, AT)).toBe("wrong");
    expect(checkTotpCode(SECRET, totpCode(SECRET, AT + 60_000), null, AT)).toBe("wrong");
  });

  it("refuses a code of a step already used, or older than one used: no replay within the window", () => {
    const code = totpCode(SECRET, AT);
    expect(checkTotpCode(SECRET, code, STEP, AT)).toBe("used");
    expect(checkTotpCode(SECRET, code, STEP + 1, AT)).toBe("used");
    expect(checkTotpCode(SECRET, totpCode(SECRET, AT - 30_000), STEP - 1, AT)).toBe("used");
    expect(checkTotpCode(SECRET, code, STEP - 1, AT)).toEqual({ step: STEP });
  });

  it("reads a code typed with spaces, and refuses anything that is not six digits", () => {
    const code = totpCode(SECRET, AT);
    expect(checkTotpCode(SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, null, AT)).toEqual({ step: STEP });
    for (const bad of ["", "12345", "1234567", "abcdef", `${code}0`, "١٢٣٤٥٦"])
      expect(checkTotpCode(SECRET, bad, null, AT)).toBe("wrong");
  });

  it("makes a new 160-bit base32 secret each time, and an otpauth:// address naming Maister and the account", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(totpUrl(secret, "olha@example.com"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Maister:olha@example.com");
    expect(url.searchParams.get("issuer")).toBe("Maister");
    expect(url.searchParams.get("secret")).toBe(secret);
  });
});

describe("recovery codes", () => {
  it("are ten distinct codes, easy to type, and read back whatever the case or separators", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const code = codes[0]!;
    expect(normalizeRecoveryCode(code.toUpperCase().replace("-", " "))).toBe(normalizeRecoveryCode(code));
    expect(normalizeRecoveryCode(` ${code} `)).toBe(code.replace("-", ""));
  });
});
