import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

import { refuseMalformedAddress } from "./malformed-address";
import { proxyContext } from "./step";

const step = (path: string) => {
  const request = new NextRequest(new URL(path, "http://localhost:3000"));
  return refuseMalformedAddress(request, proxyContext(request));
};

describe("refuseMalformedAddress", () => {
  it("answers an undecodable path with the API's 400 under /api and the refusal page, in the path's language, elsewhere", async () => {
    const api = step("/api/items/%E0%A4%A")!;
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ key: "Api.badRequest" });
    const page = step("/ua/services/%")!;
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain('<html lang="uk">');
  });

  it("answers an image optimizer address whose url cannot be decoded", () => {
    expect(step("/_next/image?url=%252F%25E0%25A4%25A&w=64&q=75")?.status).toBe(400);
    expect(step("/_next/image?url=%2Fa.png&w=64&q=75")).toBeUndefined();
  });

  it("hands on what decodes, an encoded % included", () => {
    for (const path of ["/services", "/ua/services?keyword=%D1%88", "/admin/users/search/50%25", "/api/items"])
      expect(step(path), path).toBeUndefined();
  });
});
