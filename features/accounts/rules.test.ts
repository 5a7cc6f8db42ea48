import { describe, expect, it } from "vitest";

import { containsEmailName, inPageLanguage } from "./rules";

/**
 * The rule "a new password may not contain the part of your e-mail before the @", in the module
 * the forms load (so they can say it as the person types) and the server refuses by
 * (server/passwords.ts, whose tests check the refusal).
 */
describe("containsEmailName", () => {
  it("finds the name before the @, the same without separators, and each part of four letters or more", () => {
    expect(containsEmailName("Olena.Koval-77!", ["olena.koval@example.com"])).toBe(true);
    expect(containsEmailName("xxIVANxx-2026!", ["ivan@example.com"])).toBe(true);
    expect(containsEmailName("JohnSmith1!", ["john.smith@example.com"])).toBe(true);
    expect(containsEmailName("Smith-Brakes-26!", ["john.smith@example.com"])).toBe(true);
    expect(containsEmailName("Shop-Kyiv-2026!", ["olena+shop@example.com"])).toBe(true);
  });

  it("checks every address given (old and new), ignoring blanks", () => {
    expect(containsEmailName("Ivan-Brakes-2026!", [null, undefined, "", "IVAN@example.com"])).toBe(true);
    expect(containsEmailName("Ivan-Brakes-2026!", [])).toBe(false);
  });

  it("takes an address still being typed (no @ yet) as its whole name, from three characters", () => {
    expect(containsEmailName("Ira-Ltd-Brakes-26!", ["ira.ltd@example.com"])).toBe(false);
    expect(containsEmailName("Oksana-Brakes-26!", ["ok"])).toBe(false);
    expect(containsEmailName("Oksana-Brakes-26!", ["oksana"])).toBe(true);
    expect(containsEmailName("Tyres-Kyiv-26!", ["olena@example.com"])).toBe(false);
  });
});

/**
 * The account mails a form asks for (the confirmation link, a password reset, the link to a new
 * address) follow the page's language. The form names it: without it the API reads the language
 * cookie, which next-intl does not set when the browser's languages already lead to the page's,
 * and then only the first language (ru-RU,ru;q=0.9,uk;q=0.8 on /ua read as English).
 */
describe("inPageLanguage", () => {
  it("names the page's language on the API address", () => {
    expect(inPageLanguage("/api/users/password-reset", "uk")).toBe("/api/users/password-reset?lng=uk");
    expect(inPageLanguage("/api/users", "en")).toBe("/api/users?lng=en");
    expect(inPageLanguage("/api/users/profile?x=1", "uk")).toBe("/api/users/profile?x=1&lng=uk");
  });
});
