import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

import { SESSION_COOKIE } from "@/features/accounts/session-cookie";
import { proxyContext } from "@/lib/proxy/step";

import { guardedPagesToLogin } from "./guarded-pages";

const step = (path: string, cookie?: string) => {
  const request = new NextRequest(new URL(path, "http://localhost:3000"), { headers: cookie ? { cookie } : {} });
  return guardedPagesToLogin(request, proxyContext(request));
};

describe("guardedPagesToLogin", () => {
  it("sends a guarded page without a session cookie to sign in, in its language, to come back to the page and its query", () => {
    const response = step("/ua/admin/users?page=2")!;
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/ua/login");
    expect(Object.fromEntries(location.searchParams)).toEqual({ redirect: "/admin/users?page=2", reason: "signedIn" });
    expect(new URL(step("/profile")!.headers.get("location")!).pathname).toBe("/login");
  });

  it("hands on a guarded page with a session cookie (the page checks it) and every page that is not guarded", () => {
    expect(step("/profile", `${SESSION_COOKIE}=anything`)).toBeUndefined();
    for (const path of ["/services", "/ua/login", "/profiles", "/administration"])
      expect(step(path), path).toBeUndefined();
  });
});
