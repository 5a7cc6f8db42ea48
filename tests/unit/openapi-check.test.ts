import { describe, expect, it } from "vitest";

import { problemWith } from "@/tests/helpers/openapi-check";

/** The integration tests' answer check (tests/helpers/openapi-check.ts) against answers made up here. */

const json = (body: unknown, status = 200) => Response.json(body, { status });
const user = {
  _id: "0b8f8a4e-3a5e-4a57-9d0e-2a4a0c1f6c11",
  name: "Олена",
  email: "olena@test.local",
  isAdmin: false,
  isBlocked: false,
  image: null,
};

describe("the answer check", () => {
  it("passes an answer its schema describes", async () => {
    expect(await problemWith("/api/users/confirm-email", "POST", json(user))).toBeNull();
    expect(
      await problemWith("/api/users/confirm-email", "POST", json({ key: "Api.badRequest", message: "…" }, 400)),
    ).toBeNull();
  });

  it("names a field the schema does not describe, however deep", async () => {
    expect(await problemWith("/api/users/confirm-email", "POST", json({ ...user, passwordHash: "x" }))).toBe(
      "fields not described: .passwordHash",
    );
    const list = { users: [{ ...user, createdAt: "2026-01-01T00:00:00.000Z", secret: 1 }], page: 1, pages: 1 };
    expect(await problemWith("/api/users", "GET", json(list))).toBe("fields not described: .users[0].secret");
  });

  it("names a field of the wrong type or missing", async () => {
    expect(await problemWith("/api/users/confirm-email", "POST", json({ ...user, isAdmin: "no" }))).toMatch(
      /^the body does not match: isAdmin: /,
    );
    expect(await problemWith("/api/users/confirm-email", "POST", json({ message: "x" }, 400))).toMatch(/key: /);
  });

  it("refuses a status, a method or a content type the document does not describe", async () => {
    expect(await problemWith("/api/users/confirm-email", "POST", json(user, 418))).toBe("status 418 is not described");
    expect(await problemWith("/api/users/confirm-email", "GET", json(user))).toBe("the operation is not described");
    expect(
      await problemWith(
        "/api/users/confirm-email",
        "POST",
        new Response("<p>hi</p>", { headers: { "content-type": "text/html" } }),
      ),
    ).toBe("Content-Type text/html is not described for status 200");
  });
});
