import { describe, expect, it } from "vitest";

import { PASSWORD_PATTERN } from "@/features/accounts/rules";
import { assertUncommonPassword, isCommonPassword } from "@/features/accounts/server/passwords";

/**
 * The site's rules (digit, both cases, a symbol) turn a common password into a decorated one:
 * the check must see "password" inside "Password1!", and must not refuse ordinary good ones.
 */
describe("isCommonPassword", () => {
  it("refuses common passwords decorated to pass the rules", () => {
    for (const password of [
      "Password1!",
      "Qwerty123!",
      "Admin123!",
      "Password123!",
      "Iloveyou1!",
      "Qwerty123!!",
      "pASSWORD1!",
      "Dragon2024!",
      "Monkey1@",
      "Letmein1!",
    ]) {
      expect(PASSWORD_PATTERN.test(password), `${password} passes the pattern`).toBe(true);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("accepts passwords that are not on the list", () => {
    for (const password of ["Kovbasa42!", "Maister2026!", "Zhovtnevyi7#Lystopad", "Tr4mvai-Kyiv!"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("looks at the whole password and its stem, not at listed words inside a longer one", () => {
    expect(isCommonPassword("Love2024!")).toBe(true);
    expect(isCommonPassword("MyPassword-Is-Long1!")).toBe(false);
    expect(isCommonPassword("Dragonfly-Over-Dnipro7!")).toBe(false);
  });

  it("refuses through a field error on the right field", () => {
    expect(() => assertUncommonPassword("Password1!")).toThrow(
      expect.objectContaining({ status: 400, fields: { password: "Validation.passwordCommon" } }),
    );
    expect(() => assertUncommonPassword("Password1!", "newPassword")).toThrow(
      expect.objectContaining({ fields: { newPassword: "Validation.passwordCommon" } }),
    );
    expect(() => assertUncommonPassword("Kovbasa42!")).not.toThrow();
  });
});
