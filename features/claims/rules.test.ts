import { describe, expect, it } from "vitest";

import { maskAddress } from "./rules";
import { claimCodeInput, claimDecisionInput, claimInput } from "./schema";

describe("claim rules", () => {
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
