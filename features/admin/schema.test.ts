import { describe, expect, it } from "vitest";

import { registerInput } from "@/features/accounts/schema";
import { adminUserInput } from "@/features/admin/schema";
import { MESSAGES } from "@/i18n/messages";

const keysOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("adminUserInput: the admin's user editor and PUT /api/users/{id}", () => {
  it("refuses a bad e-mail as an e-mail, with the account's own message, not as a name", () => {
    for (const email of ["nope", "a@b", "two@at@signs.ua", `${"x".repeat(95)}@b.com`]) {
      expect(keysOf(adminUserInput.safeParse({ email })), email).toEqual({ email: "Validation.email" });
      expect(keysOf(registerInput.safeParse({ name: "Ann", email, password: "Kovbasa42!" })).email, email).toBe(
        "Validation.email",
      );
    }
    expect(MESSAGES.en.Validation.email).toBe("Please enter a valid e-mail");
    expect(keysOf(adminUserInput.safeParse({ name: "x" }))).toEqual({ name: "Validation.name" });
    expect(adminUserInput.safeParse({ email: " ann@maister.ua " }).data).toEqual({ email: "ann@maister.ua" });
  });
});
