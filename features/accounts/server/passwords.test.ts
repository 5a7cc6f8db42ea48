import { describe, expect, it } from "vitest";

import { PASSWORD_PATTERN } from "@/features/accounts/rules";
import { assertUncommonPassword, isCommonPassword, passwordWeakness } from "@/features/accounts/server/passwords";
import { DEMO_ACCOUNTS } from "@/prisma/demo-accounts";

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
    for (const password of ["Kovbasa42!", "Zhovtnevyi7#Lystopad", "Tr4mvai-Kyiv!"]) {
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

/** A guesser tries the site's name and the victim's e-mail first, whatever the decoration. */
describe("passwordWeakness", () => {
  it("refuses the product's name in any case, script or transliteration", () => {
    for (const password of [
      "Maister2026!",
      "MAISTER-1a",
      "my-maister-Pass1",
      "Майстер2026!",
      "мАЙСТЕР-1a!",
      "Majster-12!",
      "Mayster#2026a",
    ]) {
      expect(passwordWeakness(password), password).toBe("Validation.passwordSiteName");
    }
  });

  it("refuses the e-mail's name (before the @, three characters or more), in any case", () => {
    expect(passwordWeakness("Olena.Koval-77!", ["olena.koval@example.com"])).toBe("Validation.passwordEmailName");
    expect(passwordWeakness("xxIVANxx-2026!", ["ivan@example.com"])).toBe("Validation.passwordEmailName");
    expect(passwordWeakness("Ivan-Brakes-2026!", [null, "IVAN@example.com"])).toBe("Validation.passwordEmailName");
    // A name made of parts: each part of four letters or more, and the parts run together.
    expect(passwordWeakness("JohnSmith1!", ["john.smith@example.com"])).toBe("Validation.passwordEmailName");
    expect(passwordWeakness("Smith-Brakes-26!", ["john.smith@example.com"])).toBe("Validation.passwordEmailName");
    expect(passwordWeakness("Shop-Kyiv-2026!", ["olena+shop@example.com"])).toBe("Validation.passwordEmailName");
    expect(passwordWeakness("Ltd-Brakes-26!", ["ira_ltd@example.com"])).toBeNull();
    // Too short a name would refuse half of all passwords.
    expect(passwordWeakness("Kovbasa42!-io", ["io@example.com"])).toBeNull();
    expect(passwordWeakness("Kovbasa42!", ["olena@example.com"])).toBeNull();
  });

  it("says common first, and nothing for a good password", () => {
    expect(passwordWeakness("Password1!", ["someone@example.com"])).toBe("Validation.passwordCommon");
    expect(passwordWeakness("Tr4mvai-Kyiv!", ["olena@example.com"])).toBeNull();
  });

  it("refuses through a field error on the right field", () => {
    expect(() => assertUncommonPassword("Maister2026!")).toThrow(
      expect.objectContaining({ status: 400, fields: { password: "Validation.passwordSiteName" } }),
    );
    expect(() => assertUncommonPassword("Olena-2026!", "password", ["olena@example.com"])).toThrow(
      expect.objectContaining({ fields: { password: "Validation.passwordEmailName" } }),
    );
  });
});

describe("the demo accounts", () => {
  it("have passwords the sign-up form would accept (the README shows them as examples)", () => {
    for (const account of DEMO_ACCOUNTS) {
      expect(PASSWORD_PATTERN.test(account.password), account.email).toBe(true);
      expect(passwordWeakness(account.password, [account.email]), account.email).toBeNull();
    }
  });
});
