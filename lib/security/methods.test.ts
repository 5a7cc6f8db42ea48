import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { methodNotAllowedResponse } from "@/lib/security/bad-request";
import { refuseFetchForbiddenMethods } from "@/lib/security/forbidden-methods";
import { isFetchForbiddenMethod, isPageMethod } from "@/lib/security/methods";

describe("request methods", () => {
  it("pages take GET and HEAD only", () => {
    expect(["GET", "HEAD"].every(isPageMethod)).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "TRACE", "get"])
      expect(isPageMethod(method), method).toBe(false);
  });

  it("still needed: Node 20's Fetch Request (undici), which Next 16.4.6 makes of every request, throws on TRACE (when this fails, forbidden-methods.ts can go)", () => {
    expect(() => new Request("http://localhost/", { method: "TRACE" })).toThrow(TypeError);
  });

  it("knows the methods a Fetch Request cannot carry, in any case", () => {
    for (const method of ["TRACE", "trace", "TRACK", "CONNECT"])
      expect(isFetchForbiddenMethod(method), method).toBe(true);
    for (const method of ["GET", "HEAD", "POST", "OPTIONS", "PROPFIND"])
      expect(isFetchForbiddenMethod(method), method).toBe(false);
  });

  it("answers a page with a 405 naming GET and HEAD in the path's language, and the API with its translated error body", async () => {
    const page = methodNotAllowedResponse(new NextRequest("http://localhost/ua/services?near=50,30"));
    expect(page.status).toBe(405);
    expect(page.headers.get("allow")).toBe("GET, HEAD");
    const html = await page.text();
    expect(html).toContain('<html lang="uk">');
    expect(html).toContain("Ця адреса не приймає такого запиту.");
    expect(html).not.toMatch(/<script|near=/i);
    const api = methodNotAllowedResponse(
      new NextRequest("http://localhost/api/items", { headers: { "accept-language": "uk-UA" } }),
    );
    expect(api.status).toBe(405);
    expect(await api.json()).toEqual({ key: "Api.methodNotAllowed", message: "Ця адреса не приймає такого запиту." });
  });
});

describe("refuseFetchForbiddenMethods", () => {
  let server: Server;
  let port = 0;
  const reached: string[] = [];

  beforeAll(async () => {
    refuseFetchForbiddenMethods();
    refuseFetchForbiddenMethods();
    server = createServer((request, response) => {
      reached.push(`${request.method} ${request.url}`);
      response.end("handled");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (method: string, path: string) =>
    new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: "127.0.0.1", port, method, path, headers: { "accept-language": "en" } },
        (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, allow: response.headers.allow, body }));
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });

  it("answers TRACE with a 405 before the server's handler runs; other methods reach it", async () => {
    const traced = await send("TRACE", "/home");
    expect(traced).toMatchObject({ status: 405, allow: "GET, HEAD" });
    expect(traced.body).toContain("This address does not take this kind of request.");
    expect((await send("TRACE", "/api/items")).status).toBe(405);
    expect(await send("GET", "/home")).toMatchObject({ status: 200, body: "handled" });
    expect(await send("PROPFIND", "/home")).toMatchObject({ status: 200, body: "handled" });
    expect(reached).toEqual(["GET /home", "PROPFIND /home"]);
  });
});
