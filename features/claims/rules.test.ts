import { describe, expect, it } from "vitest";

import { CLAIM_PAY_DAYS, claimHoldsAt, claimVisitorOf, holdingCutoff, maskAddress } from "./rules";
import { claimCodeInput, claimDecisionInput, claimInput } from "./schema";

describe("claim rules", () => {
  it("a verified claim holds the place for 7 days; unpaid after that it lapses", () => {
    expect(CLAIM_PAY_DAYS).toBe(7);
    const verifiedAt = new Date("2026-11-02T10:00:00Z");
    const day = 24 * 60 * 60_000;
    expect(claimHoldsAt(verifiedAt, new Date(verifiedAt.getTime() + 6 * day))).toBe(true);
    expect(claimHoldsAt(verifiedAt, new Date(verifiedAt.getTime() + 7 * day - 1))).toBe(true);
    expect(claimHoldsAt(verifiedAt, new Date(verifiedAt.getTime() + 7 * day))).toBe(false);
    expect(claimHoldsAt(verifiedAt, new Date(verifiedAt.getTime() + 30 * day))).toBe(false);
    // Without a verification time a claim holds nothing.
    expect(claimHoldsAt(null, verifiedAt)).toBe(false);
    // The database's side of the same rule: verified after the cutoff still holds.
    expect(holdingCutoff(new Date("2026-11-09T10:00:00Z"))).toEqual(verifiedAt);
  });

  it("tells the claim box whether its visitor is signed in and owns the listing", () => {
    expect(claimVisitorOf(null, null)).toEqual({ signedIn: false, yours: false });
    expect(claimVisitorOf(null, "owner")).toEqual({ signedIn: false, yours: false });
    expect(claimVisitorOf("owner", "owner")).toEqual({ signedIn: true, yours: true });
    expect(claimVisitorOf("someone", "owner")).toEqual({ signedIn: true, yours: false });
    // An imported place has no owner: nobody's own.
    expect(claimVisitorOf("someone", null)).toEqual({ signedIn: true, yours: false });
  });

  it("masks the place's address to its first letter and domain", () => {
    expect(maskAddress("master.tyres@example.com")).toBe("m***@example.com");
    expect(maskAddress("a@b.ua")).toBe("a***@b.ua");
    expect(maskAddress("broken")).toBe("***");
  });

  it("takes a message of 1 to 1000 characters, trimmed", () => {
    expect(claimInput.safeParse({ message: "  Owner  " }).data).toEqual({ message: "Owner" });
    expect(claimInput.safeParse({ message: "   " }).error?.issues[0]?.message).toBe("Claims.messageRequired");
    expect(claimInput.safeParse({ message: "x".repeat(1001) }).error?.issues[0]?.message).toBe("Claims.messageTooLong");
  });

  it("takes six digits as the code, a space between the halves allowed", () => {
    expect(claimCodeInput.safeParse({ code: "123 456" }).data).toEqual({ code: "123456" });
    for (const code of ["12345", "1234567", "12a456", 123456])
      expect(claimCodeInput.safeParse({ code }).success, String(code)).toBe(false);
  });

  it("wants a reason to reject, none to approve", () => {
    expect(claimDecisionInput.safeParse({ decision: "approve" }).data).toEqual({ decision: "approve", reason: "" });
    expect(claimDecisionInput.safeParse({ decision: "reject", reason: "" }).error?.issues[0]).toMatchObject({
      path: ["reason"],
      message: "Claims.reasonRequired",
    });
  });
});
