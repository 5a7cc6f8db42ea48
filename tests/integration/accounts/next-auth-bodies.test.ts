import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";

import { captureLogs } from "../../helpers/logs";
import { call, makeRequest } from "../../helpers/request";
import { serveNextHeadersToNextAuth } from "../../helpers/security";

let restoreNextHeaders = () => {};
beforeAll(() => {
  restoreNextHeaders = serveNextHeadersToNextAuth();
});
afterAll(() => restoreNextHeaders());

/**
 * next-auth's routes are next-auth's own code, not ours; whatever body a POST brings, the answer is
 * next-auth's (a redirect, its JSON) or our translated 4xx, never a 500 from a body it cannot read.
 */
const ACTIONS = [
  "signin",
  "signin/credentials",
  "callback/credentials",
  "signout",
  "session",
  "csrf",
  "providers",
  "_log",
  "error",
  "nope/x",
];
const TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=x",
];

function post(action: string, body: string, contentType: string, extra: Record<string, string> = {}) {
  return call(
    nextAuthPost,
    makeRequest(`/api/auth/${action}`, {
      method: "POST",
      headers: {
        "content-type": contentType,
        "content-length": String(Buffer.byteLength(body)),
        "x-forwarded-for": "10.77.0.1",
        ...extra,
      },
      body,
    }),
    { params: Promise.resolve({ nextauth: action.split("/") }) },
  );
}

describe("next-auth's POST routes with a malformed body", () => {
  it.each(ACTIONS)("POST /api/auth/%s with a body that is not JSON, as JSON, is a translated 400", async (action) => {
    const response = await post(action, "{not json", "application/json", { "accept-language": "uk" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      key: "Validation.json",
      message: expect.not.stringMatching(/^Validation\./),
    });
  });

  it("any body, of any type, to any action: never a 5xx (property)", async () => {
    const bodies = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.json(),
      fc.constantFrom(
        "",
        "null",
        "[]",
        "1",
        '"x"',
        '{"json":"true"}',
        '{"csrfToken":{}}',
        '{"email":[1],"password":{"a":1}}',
        "%",
        "a=%zz&b",
        "\u0000",
        "{",
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ACTIONS), bodies, fc.constantFrom(...TYPES), async (action, body, type) => {
        const response = await post(action, body, type);
        expect(response.status, `${action} ${type} ${JSON.stringify(body)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it("next-auth's client log action is refused, so nobody can write lines into the server's log", async () => {
    const spies = (["error", "warn", "info", "log"] as const).map((level) => vi.spyOn(console, level));
    const logs = captureLogs();
    try {
      const body = JSON.stringify({ level: "error", code: "FORGED", message: "injected\nline" });
      const response = await post("_log", body, "application/json");
      expect(response.status).toBe(404);
      expect((await response.json()).key).toBe("Api.notFound");
      const written = [...spies.flatMap((spy) => spy.mock.calls.flat().map(String)), JSON.stringify(logs.lines)].join(
        "\n",
      );
      expect(written).not.toContain("FORGED");
      expect(written).not.toContain("injected");
    } finally {
      for (const spy of spies) spy.mockRestore();
      logs.restore();
    }
  });

  it.each(["csrf", "providers", "session", "error", "nope/x"])(
    "POST /api/auth/%s, which next-auth has no POST for, is a translated 404 like any unknown route",
    async (action) => {
      const response = await post(action, "a=b", "application/x-www-form-urlencoded", { cookie: "NEXT_LOCALE=uk" });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ key: "Api.notFound", message: expect.any(String) });
    },
  );

  it("a well-formed request still gets next-auth's own answer", async () => {
    const csrf = await call(nextAuthGet, makeRequest("/api/auth/csrf"), {
      params: Promise.resolve({ nextauth: ["csrf"] }),
    });
    expect(csrf.status).toBe(200);
    expect((await csrf.json()).csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });
});
