import { describe, expect, it } from "vitest";

import { cleanDetails, maskEmail } from "./security-log";

describe("maskEmail", () => {
  it("keeps the first letter of the local part and the domain", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j•••@example.com");
    expect(maskEmail("x@test.local")).toBe("x•••@test.local");
  });

  it("masks every address in a text and leaves the rest as it is", () => {
    expect(maskEmail("from ann@a.ua to bob@b.ua")).toBe("from a•••@a.ua to b•••@b.ua");
    expect(maskEmail("no address here")).toBe("no address here");
  });

  it("masks addresses with no space between them, encoded in a URL, or in Cyrillic; not a package path", () => {
    expect(maskEmail("a@b.com,ivan.petrenko@example.com")).toBe("a•••@b.com,i•••@example.com");
    expect(maskEmail("to=ops@example.com;cc=olena.kovalenko@example.com")).toBe(
      "to=o•••@example.com;cc=o•••@example.com",
    );
    expect(maskEmail("ivan@example.com/olena@example.com")).toBe("i•••@example.com/o•••@example.com");
    expect(maskEmail("/ua/admin/users/search/ivan.petrenko%40example.com")).toBe(
      "/ua/admin/users/search/i•••@example.com",
    );
    expect(maskEmail("лист для іван@пошта.укр")).toBe("лист для і•••@пошта.укр");
    expect(maskEmail("at node_modules/@prisma/client/runtime")).toBe("at node_modules/@prisma/client/runtime");
  });

  it("shows no more than the first letter of a local part longer than 64 characters", () => {
    const local = `secret${"x".repeat(70)}`;
    expect(maskEmail(`${local}@example.com`)).toBe("s•••@example.com");
  });
});

describe("cleanDetails", () => {
  it("drops values whose names suggest a secret, whatever their case", () => {
    expect(
      cleanDetails({
        password: "Hunter2!",
        currentPassword: "x",
        token: "abc",
        resetToken: "abc",
        secret: "s",
        totpCode: "123456",
        otp: "123456",
        Cookie: "maister.session=abc",
        authorization: "Bearer abc",
        transmissionSignature: "sig",
        reason: "wrongPassword",
      }),
    ).toEqual({ reason: "wrongPassword" });
  });

  it("keeps numbers, booleans and null; drops undefined", () => {
    expect(cleanDetails({ count: 2, secondFactor: false, target: null, skipped: undefined })).toEqual({
      count: 2,
      secondFactor: false,
      target: null,
    });
  });

  it("masks addresses in text values and cuts them at 200 characters, names at 40", () => {
    const clean = cleanDetails({ email: "ivan@example.com", note: "y".repeat(500), ["n".repeat(60)]: 1 });
    expect(clean.email).toBe("i•••@example.com");
    expect(clean.note).toHaveLength(200);
    expect(clean["n".repeat(40)]).toBe(1);
  });

  it("blanks a token, code or password written into a text value (an address with its query)", () => {
    const clean = cleanDetails({ link: "https://maister.ua/reset-password?token=AbC_123-xyz&lng=uk" });
    expect(clean.link).toBe("https://maister.ua/reset-password?token=•••&lng=uk");
    expect(cleanDetails({ said: "password=Hunter2! code: 123456" }).said).toBe("password=••• code: •••");
  });

  it("no details at all is an empty object", () => {
    expect(cleanDetails()).toEqual({});
  });
});
