import { describe, expect, it } from "vitest";

import { crossOriginRefusal, type BodyKind } from "@/lib/security/cross-origin";

/** The rule table of lib/security/cross-origin.ts, row by row. */
const OWN = "https://maister.example";

function refusal(method: string, headers: Record<string, string>, body: BodyKind = "json") {
  return crossOriginRefusal({ method, headers: new Headers(headers), ownOrigins: [OWN], body });
}

const JSON_BODY = { "content-type": "application/json", "content-length": "2" };
const CROSS_SITE = { status: 403, key: "Api.crossSite" };

describe("crossOriginRefusal", () => {
  it("never refuses reads, whatever they claim", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(
        refusal(method, {
          "sec-fetch-site": "cross-site",
          origin: "https://evil.example",
          "content-type": "text/plain",
          "content-length": "5",
        }),
        method,
      ).toBeNull();
    }
  });

  it("refuses writes that Sec-Fetch-Site says come from another site, sibling subdomains included", () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "post"]) {
      expect(refusal(method, { ...JSON_BODY, "sec-fetch-site": "cross-site" }), method).toEqual(CROSS_SITE);
      expect(refusal(method, { ...JSON_BODY, "sec-fetch-site": "same-site" }), method).toEqual(CROSS_SITE);
    }
    expect(refusal("POST", { ...JSON_BODY, "sec-fetch-site": "unknown-value" })).toEqual(CROSS_SITE);
  });

  it("trusts Sec-Fetch-Site same-origin and none (typed or bookmarked) over Origin", () => {
    expect(refusal("POST", { ...JSON_BODY, "sec-fetch-site": "same-origin" })).toBeNull();
    expect(refusal("POST", { ...JSON_BODY, "sec-fetch-site": "none" })).toBeNull();
    expect(
      refusal("POST", { ...JSON_BODY, "sec-fetch-site": "same-origin", origin: "https://evil.example" }),
    ).toBeNull();
    expect(refusal("POST", { ...JSON_BODY, "sec-fetch-site": "cross-site", origin: OWN })).toEqual(CROSS_SITE);
  });

  it("without Sec-Fetch-Site, an Origin must be ours: APP_URL's or the Host the request came to", () => {
    expect(refusal("POST", { ...JSON_BODY, origin: OWN })).toBeNull();
    expect(refusal("POST", { ...JSON_BODY, origin: "http://localhost:3000", host: "localhost:3000" })).toBeNull();
    expect(refusal("POST", { ...JSON_BODY, origin: "http://LOCALHOST:3000", host: "LOCALHOST:3000" })).toBeNull();
    for (const origin of [
      "https://evil.example",
      "https://maister.example.evil.example",
      "https://evil-maister.example",
      "https://maister.example:8443",
      "null",
      "",
      "not a url",
      "https://",
    ]) {
      expect(refusal("POST", { ...JSON_BODY, origin, host: "maister.example" }), origin).toEqual(CROSS_SITE);
    }
    // Our origin with another host header is still ours (a proxy may rewrite Host).
    expect(refusal("POST", { ...JSON_BODY, origin: OWN, host: "127.0.0.1:3000" })).toBeNull();
    // No Host header and a foreign Origin: refused, never matched against "null".
    expect(refusal("POST", { ...JSON_BODY, origin: "http://localhost" })).toEqual(CROSS_SITE);
  });

  it("lets a request with neither header through: not a browser page, so not a forgery", () => {
    expect(refusal("POST", JSON_BODY)).toBeNull();
    expect(refusal("DELETE", {})).toBeNull();
  });

  it("wants JSON for any request with a body, and only for those", () => {
    const json = { status: 415, key: "Api.jsonOnly" };
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
      "application/json-patch+json",
      "",
      "text/json",
    ]) {
      expect(refusal("POST", { "content-type": type, "content-length": "2" }), type).toEqual(json);
    }
    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "Application/JSON",
      " application/json ",
    ]) {
      expect(refusal("POST", { "content-type": type, "content-length": "2" }), type).toBeNull();
    }
    // A chunked body has no length but is a body.
    expect(refusal("POST", { "content-type": "text/plain", "transfer-encoding": "chunked" })).toEqual(json);
    // No body: nothing to be of the wrong type (logout, sign out everywhere, block toggles).
    expect(refusal("POST", { "content-type": "text/plain", "content-length": "0" })).toBeNull();
    expect(refusal("POST", { "content-type": "text/plain" })).toBeNull();
  });

  it("wants multipart where an upload is expected", () => {
    const multipart = { status: 415, key: "Api.multipartOnly" };
    expect(
      refusal("POST", { "content-type": "multipart/form-data; boundary=----x", "content-length": "10" }, "multipart"),
    ).toBeNull();
    expect(refusal("POST", JSON_BODY, "multipart")).toEqual(multipart);
    expect(refusal("POST", { "content-type": "text/plain", "content-length": "1" }, "multipart")).toEqual(multipart);
  });

  it("answers 403 before 415: a cross-site text/plain post is a forgery first", () => {
    expect(
      refusal("POST", { "content-type": "text/plain", "content-length": "5", origin: "https://evil.example" }),
    ).toEqual(CROSS_SITE);
  });
});
