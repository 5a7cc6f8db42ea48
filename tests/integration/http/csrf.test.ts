import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { GET as serviceRoute } from "@/app/api/items/[id]/route";
import { POST as uploadRoute } from "@/app/api/uploads/route";
import { POST as loginRoute } from "@/app/api/users/login/route";
import { POST as logoutRoute } from "@/app/api/users/logout/route";
import { GET as exportRoute } from "@/app/api/users/profile/export/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { addresses, apiRequest, call, makeRequest, params } from "../../helpers/request";
import { profileStatus, serveNextHeadersToNextAuth } from "../../helpers/security";
import { setSessionValue, signIn } from "../../helpers/sign-in";

/**
 * A page on another site can make the browser send a POST with the user's cookie (SameSite=Lax
 * lets top-level form posts through in some browsers, and same-site subdomains always). What it
 * cannot do without the server's consent is send JSON or hide where it comes from: every write
 * must carry a JSON body and must not come, by Sec-Fetch-Site or Origin, from another site.
 * Requests here carry Content-Length, as every real request with a body does.
 */
const nextIp = addresses("10.35");
const REVIEW = { rating: { quality: 5, speed: 5, price: 5 }, comment: "posted from elsewhere?" };

let cookie = "";
let userId = "";
let restoreNextHeaders = () => {};

beforeAll(async () => {
  const user = await makeUser();
  userId = user.id;
  cookie = await signIn(user.email);
  restoreNextHeaders = serveNextHeadersToNextAuth();
});

afterAll(() => restoreNextHeaders());

async function postReview(headers: Record<string, string>, body: string = JSON.stringify(REVIEW)) {
  const service = await makeService();
  const response = await call(
    reviewRoute,
    makeRequest(`/api/items/${service.id}/reviews`, {
      method: "POST",
      headers: { cookie, "content-length": String(Buffer.byteLength(body)), ...headers },
      body,
    }),
    params({ id: service.id }),
  );
  const stored = await (await getPrisma()).review.count({ where: { serviceId: service.id, userId } });
  return { status: response.status, key: response.status >= 400 ? (await response.json()).key : null, stored };
}

const JSON_TYPE = { "content-type": "application/json" };

describe("writes from another site are refused before anything runs", () => {
  it("a text/plain body (what a cross-site form or no-cors fetch can send) is 415 and stores nothing", async () => {
    expect(await postReview({ "content-type": "text/plain" })).toEqual({ status: 415, key: "Api.jsonOnly", stored: 0 });
    expect(await postReview({ "content-type": "application/x-www-form-urlencoded" })).toMatchObject({
      status: 415,
      stored: 0,
    });
    expect(await postReview({ "content-type": "multipart/form-data; boundary=x" })).toMatchObject({
      status: 415,
      stored: 0,
    });
    // No type at all is not JSON either.
    expect(await postReview({ "content-type": "" })).toMatchObject({ status: 415, stored: 0 });
  });

  it("an Origin of another site is 403, whatever the body", async () => {
    expect(await postReview({ ...JSON_TYPE, origin: "http://evil.example" })).toEqual({
      status: 403,
      key: "Api.crossSite",
      stored: 0,
    });
    expect(await postReview({ "content-type": "text/plain", origin: "http://evil.example" })).toMatchObject({
      status: 403,
      stored: 0,
    });
    for (const origin of ["null", "http://localhost.evil.example", "http://localhost:3001", "not a url"]) {
      expect(await postReview({ ...JSON_TYPE, origin, host: "localhost:3000" }), origin).toMatchObject({
        status: 403,
        stored: 0,
      });
    }
  });

  it("Sec-Fetch-Site cross-site or same-site is 403, even with our own Origin", async () => {
    expect(await postReview({ ...JSON_TYPE, "sec-fetch-site": "cross-site" })).toEqual({
      status: 403,
      key: "Api.crossSite",
      stored: 0,
    });
    // A sibling subdomain is "same-site" and shares the cookie under SameSite=Lax: refused too.
    expect(await postReview({ ...JSON_TYPE, "sec-fetch-site": "same-site" })).toMatchObject({ status: 403, stored: 0 });
    expect(
      await postReview({ ...JSON_TYPE, "sec-fetch-site": "cross-site", origin: "http://localhost:3000" }),
    ).toMatchObject({ status: 403, stored: 0 });
  });

  it("our own pages and API clients pass", async () => {
    expect(
      await postReview({ ...JSON_TYPE, "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }),
    ).toEqual({ status: 201, key: null, stored: 1 });
    expect(
      await postReview({ "content-type": "application/json; charset=utf-8", "sec-fetch-site": "same-origin" }),
    ).toMatchObject({ status: 201, stored: 1 });
    // Neither header: not a browser page, e.g. curl or a mobile app. The JSON rule still holds.
    expect(await postReview(JSON_TYPE)).toMatchObject({ status: 201, stored: 1 });
    // An Origin equal to the Host the request came to, or to APP_URL's origin.
    expect(await postReview({ ...JSON_TYPE, origin: "http://localhost", host: "localhost" })).toMatchObject({
      status: 201,
      stored: 1,
    });
    expect(await postReview({ ...JSON_TYPE, origin: "http://localhost:3000", host: "127.0.0.1:3000" })).toMatchObject({
      status: 201,
      stored: 1,
    });
  });
});

describe("the session routes are not open to login or logout CSRF", () => {
  it("a cross-site login is 403 and sets no cookie", async () => {
    const user = await makeUser();
    const login = (headers: Record<string, string>) =>
      call(
        loginRoute,
        apiRequest("POST", "/api/users/login", {
          body: { email: user.email, password: TEST_PASSWORD },
          ip: nextIp(),
          headers,
        }),
      );
    const foreign: Record<string, string>[] = [{ origin: "http://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of foreign) {
      const response = await login(headers);
      expect(response.status).toBe(403);
      expect(setSessionValue(response)).toBeNull();
    }
    expect(await (await getPrisma()).session.count({ where: { userId: user.id } })).toBe(0);
    expect((await login({ "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("a cross-site logout is 403 and the session lives on", async () => {
    const user = await makeUser();
    const own = await signIn(user.email);
    const foreign: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of foreign) {
      const response = await call(logoutRoute, apiRequest("POST", "/api/users/logout", { cookie: own, headers }));
      expect(response.status).toBe(403);
      expect(setSessionValue(response)).toBeNull();
      expect(await profileStatus(own)).toBe(200);
    }
  });

  it("next-auth's own sign-in without its CSRF token opens no session", async () => {
    const user = await makeUser();
    const response = await call(
      nextAuthPost,
      makeRequest("/api/auth/callback/credentials", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "http://evil.example",
          "x-forwarded-for": nextIp(),
        },
        body: new URLSearchParams({ email: user.email, password: TEST_PASSWORD, csrfToken: "guessed" }).toString(),
      }),
      { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) },
    );
    expect(setSessionValue(response)).toBeNull();
    expect(await (await getPrisma()).session.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("uploads take multipart only", () => {
  it("a JSON or text body to the upload route is 415; a cross-site upload 403", async () => {
    const upload = (headers: Record<string, string>, body: string) =>
      call(
        uploadRoute,
        makeRequest("/api/uploads", {
          method: "POST",
          headers: { cookie, "content-length": String(body.length), ...headers },
          body,
        }),
      );
    const asJson = await upload(JSON_TYPE, "{}");
    expect(asJson.status).toBe(415);
    expect((await asJson.json()).key).toBe("Api.multipartOnly");
    expect((await upload({ "content-type": "text/plain" }, "x")).status).toBe(415);
    expect(
      (await upload({ "content-type": "multipart/form-data; boundary=x", "sec-fetch-site": "cross-site" }, "--x--"))
        .status,
    ).toBe(403);
    expect(await (await getPrisma()).image.count({ where: { ownerId: userId } })).toBe(0);
  });
});

describe("reads are never refused", () => {
  it("GET passes with a foreign Origin, cross-site Sec-Fetch-Site and any content type", async () => {
    const service = await makeService({ name: "Readable Anywhere" });
    const foreign = { origin: "http://evil.example", "sec-fetch-site": "cross-site", "content-type": "text/plain" };
    const read = await call(
      serviceRoute,
      makeRequest(`/api/items/${service.id}`, { headers: foreign }),
      params({ id: service.id }),
    );
    expect(read.status).toBe(200);
    expect((await read.json()).name).toBe("Readable Anywhere");
    // A cross-site read of one's own data works too: without CORS the other site cannot read the answer.
    expect(
      (await call(exportRoute, makeRequest("/api/users/profile/export", { headers: { ...foreign, cookie } }))).status,
    ).toBe(200);
  });
});
