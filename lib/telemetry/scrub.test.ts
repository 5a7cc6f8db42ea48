import { describe, expect, it } from "vitest";

import { scrubBreadcrumb, scrubEvent, withoutQuery } from "./scrub";

const EMAIL = "olena.kovalenko@example.com";
const PASSWORD = "correct-horse-battery-staple";
const COOKIE = "__Host-maister.session=4f1c2b9a8e7d6c5b";

/** An event as Sentry's server SDK builds it for a failed sign-in (request data from the HTTP integration). */
function failedSignIn() {
  return {
    event_id: "0123456789abcdef0123456789abcdef",
    message: `sign-in failed for ${EMAIL}`,
    exception: {
      values: [
        {
          type: "Error",
          value: `no account ${EMAIL} (password=${PASSWORD})`,
          stacktrace: { frames: [{ filename: "app/api/users/login/route.js", lineno: 10 }] },
        },
      ],
    },
    request: {
      method: "POST",
      url: "https://maister.example/api/users/login?next=/profile&token=abc123",
      query_string: "next=/profile&token=abc123",
      cookies: { "__Host-maister.session": "4f1c2b9a8e7d6c5b" },
      data: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      env: { REMOTE_ADDR: "203.0.113.9" },
      headers: {
        cookie: COOKIE,
        authorization: "Bearer secret-bearer",
        "x-forwarded-for": "203.0.113.9",
        "user-agent": "Mozilla/5.0",
        "x-request-id": "req-42",
      },
    },
    user: { id: 7, email: EMAIL, ip_address: "203.0.113.9", username: "olena" },
    tags: { route: "/api/users/login" },
    extra: { body: { email: EMAIL, password: PASSWORD }, resetToken: "t0k3n" },
    contexts: { response: { status_code: 500 } },
    breadcrumbs: [
      { category: "fetch", data: { url: "https://api.example/verify?code=918273", request_body: PASSWORD } },
      { category: "console", message: `mail to ${EMAIL} queued` },
    ],
  };
}

describe("scrubEvent", () => {
  it("leaves no cookie, header beyond the kept few, body, query string, IP, e-mail address or password", () => {
    const text = JSON.stringify(scrubEvent(failedSignIn()));
    for (const secret of [
      EMAIL,
      PASSWORD,
      "4f1c2b9a8e7d6c5b",
      "secret-bearer",
      "203.0.113.9",
      "abc123",
      "918273",
      "t0k3n",
      'olena"',
    ])
      expect(text).not.toContain(secret);
  });

  it("keeps what finds the failure: the request id as a tag, method, path, user agent, the account id, the stack", () => {
    const event = scrubEvent(failedSignIn());
    expect(event.tags).toEqual({ request_id: "req-42", route: "/api/users/login" });
    expect(event.request).toEqual({
      method: "POST",
      url: "https://maister.example/api/users/login",
      headers: { "user-agent": "Mozilla/5.0", "x-request-id": "req-42" },
    });
    expect(event.user).toEqual({ id: "7", ip_address: null });
    expect(event.exception.values[0]!.value).toBe("no account o•••@example.com (password=•••");
    expect(event.exception.values[0]!.stacktrace.frames[0]!.filename).toBe("app/api/users/login/route.js");
    // Structural fields keep names that only look like secrets.
    expect(event.contexts.response.status_code).toBe(500);
    expect(event.extra).toEqual({
      body: { email: "o•••@example.com", password: "[Filtered]" },
      resetToken: "[Filtered]",
    });
  });

  it("keeps the path of Next's request context without its query (a search, a point)", () => {
    const failed: { message: string; contexts: { nextjs: Record<string, string> } } = {
      message: "render failed",
      contexts: {
        nextjs: {
          request_path: "/ua/services?keyword=olena%40example.com&near=50.45,30.52",
          router_kind: "App Router",
        },
      },
    };
    expect(scrubEvent(failed).contexts.nextjs).toEqual({ request_path: "/ua/services", router_kind: "App Router" });
  });

  it("an event without request or user gets no request and an empty user that asks for no IP", () => {
    const bare: { message: string; tags?: Record<string, string> } = { message: "boom" };
    const event = scrubEvent(bare);
    expect(event).toEqual({ message: "boom", user: { ip_address: null } });
  });
});

describe("scrubBreadcrumb", () => {
  it("drops query strings and bodies from a fetch's breadcrumb and masks addresses in messages", () => {
    expect(scrubBreadcrumb({ data: { url: "/api/items?email=a@b.c", request_body: "x", status_code: 200 } })).toEqual({
      data: { url: "/api/items", status_code: 200 },
    });
    expect(scrubBreadcrumb({ message: `to ${EMAIL}` })).toEqual({ message: "to o•••@example.com" });
    expect(scrubBreadcrumb({ data: { from: "/login?next=/x", to: "/profile#top" } })).toEqual({
      data: { from: "/login", to: "/profile" },
    });
  });
});

describe("withoutQuery", () => {
  it("keeps the path", () => {
    expect(withoutQuery("https://a.example/p/q?x=1#y")).toBe("https://a.example/p/q");
    expect(withoutQuery("/p#y")).toBe("/p");
    expect(withoutQuery("/p")).toBe("/p");
  });
});
