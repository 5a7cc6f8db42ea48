import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

import { passOnWhatIsNotAPage } from "./not-a-page";
import { proxyContext } from "./step";

const step = (path: string) => {
  const request = new NextRequest(new URL(path, "http://localhost:3000"));
  return passOnWhatIsNotAPage(request, proxyContext(request));
};

describe("passOnWhatIsNotAPage", () => {
  it("passes the API, Next's own paths and files on to Next untouched", () => {
    for (const path of [
      "/api/items/%25",
      "/_next/static/%25",
      "/_vercel/x",
      "/sitemap/%30.xml",
      "/icon.svg",
      "/ua/services/a.css",
    ]) {
      expect(step(path)?.headers.get("x-middleware-next"), path).toBe("1");
    }
  });

  it("keeps pages, an address with a dot that is no file's included", () => {
    for (const path of ["/services", "/ua/home", "/admin/users/search/jane.doe@example.com", "/service/a.b"])
      expect(step(path), path).toBeUndefined();
  });
});
