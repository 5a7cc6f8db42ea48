import fc from "fast-check";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";

import * as feedback from "@/app/api/etc/feedback/route";
import * as paypalOrders from "@/app/api/etc/paypal/orders/route";
import * as geocode from "@/app/api/geocode/reverse/route";
import * as itemReviews from "@/app/api/items/[id]/reviews/route";
import * as item from "@/app/api/items/[id]/route";
import * as adminItem from "@/app/api/items/admin/[id]/route";
import * as adminCloseRequest from "@/app/api/items/admin/requests/[id]/close/route";
import * as adminRequests from "@/app/api/items/admin/requests/route";
import * as adminItems from "@/app/api/items/admin/route";
import * as items from "@/app/api/items/route";
import * as pay from "@/app/api/items/users/[id]/pay/route";
import * as ownItem from "@/app/api/items/users/[id]/route";
import * as mechanics from "@/app/api/items/users/route";
import * as stoOrder from "@/app/api/items/users/sto-order/route";
import * as acceptRequest from "@/app/api/requests/[id]/accept/route";
import * as answerRequest from "@/app/api/requests/[id]/answers/route";
import * as cancelRequest from "@/app/api/requests/[id]/cancel/route";
import * as requestDetail from "@/app/api/requests/[id]/route";
import * as inbox from "@/app/api/requests/inbox/route";
import * as requests from "@/app/api/requests/route";
import * as suggest from "@/app/api/requests/suggest/route";
import * as uploads from "@/app/api/uploads/route";
import * as adminUser from "@/app/api/users/[id]/route";
import * as confirm from "@/app/api/users/confirm-email/route";
import * as login from "@/app/api/users/login/route";
import * as profile from "@/app/api/users/profile/route";
import * as resend from "@/app/api/users/resend-confirmation/route";
import * as users from "@/app/api/users/route";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeService, makeUser } from "../../helpers/factories";
import { call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * Property-based fuzzing of every API endpoint: hostile bodies, query strings, ids, content types
 * and cookies, sent anonymously and as an admin. Whatever arrives, the answer is never a 5xx, and a
 * refused request (4xx) writes nothing.
 */
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Endpoint = { name: string; method: string; path: (id: string) => string; handler: Handler; id?: boolean };

const endpoints: Endpoint[] = [
  { name: "register", method: "POST", path: () => "/api/users", handler: users.POST as Handler },
  { name: "admin users", method: "GET", path: () => "/api/users", handler: users.GET as Handler },
  { name: "login", method: "POST", path: () => "/api/users/login", handler: login.POST as Handler },
  { name: "confirm", method: "POST", path: () => "/api/users/confirm-email", handler: confirm.POST as Handler },
  { name: "resend", method: "POST", path: () => "/api/users/resend-confirmation", handler: resend.POST as Handler },
  { name: "profile", method: "PUT", path: () => "/api/users/profile", handler: profile.PUT as Handler },
  {
    name: "admin user get",
    method: "GET",
    path: (id) => `/api/users/${id}`,
    handler: adminUser.GET as Handler,
    id: true,
  },
  {
    name: "admin user put",
    method: "PUT",
    path: (id) => `/api/users/${id}`,
    handler: adminUser.PUT as Handler,
    id: true,
  },
  { name: "list", method: "GET", path: () => "/api/items", handler: items.GET as Handler },
  { name: "detail", method: "GET", path: (id) => `/api/items/${id}`, handler: item.GET as Handler, id: true },
  {
    name: "review",
    method: "POST",
    path: (id) => `/api/items/${id}/reviews`,
    handler: itemReviews.POST as Handler,
    id: true,
  },
  {
    name: "sto-order post",
    method: "POST",
    path: () => "/api/items/users/sto-order",
    handler: stoOrder.POST as Handler,
  },
  { name: "sto-order put", method: "PUT", path: () => "/api/items/users/sto-order", handler: stoOrder.PUT as Handler },
  { name: "mechanic", method: "POST", path: () => "/api/items/users", handler: mechanics.POST as Handler },
  { name: "own put", method: "PUT", path: (id) => `/api/items/users/${id}`, handler: ownItem.PUT as Handler, id: true },
  { name: "pay", method: "PUT", path: (id) => `/api/items/users/${id}/pay`, handler: pay.PUT as Handler, id: true },
  { name: "admin items", method: "GET", path: () => "/api/items/admin", handler: adminItems.GET as Handler },
  {
    name: "admin item put",
    method: "PUT",
    path: (id) => `/api/items/admin/${id}`,
    handler: adminItem.PUT as Handler,
    id: true,
  },
  { name: "feedback", method: "POST", path: () => "/api/etc/feedback", handler: feedback.POST as Handler },
  { name: "paypal order", method: "POST", path: () => "/api/etc/paypal/orders", handler: paypalOrders.POST as Handler },
  { name: "geocode", method: "GET", path: () => "/api/geocode/reverse", handler: geocode.GET as Handler },
  { name: "upload", method: "POST", path: () => "/api/uploads", handler: uploads.POST as Handler },
  { name: "request", method: "POST", path: () => "/api/requests", handler: requests.POST as Handler },
  {
    name: "request get",
    method: "GET",
    path: (id) => `/api/requests/${id}`,
    handler: requestDetail.GET as Handler,
    id: true,
  },
  { name: "request suggest", method: "GET", path: () => "/api/requests/suggest", handler: suggest.GET as Handler },
  { name: "request inbox", method: "GET", path: () => "/api/requests/inbox", handler: inbox.GET as Handler },
  {
    name: "request answer",
    method: "POST",
    path: (id) => `/api/requests/${id}/answers`,
    handler: answerRequest.POST as Handler,
    id: true,
  },
  {
    name: "request accept",
    method: "POST",
    path: (id) => `/api/requests/${id}/accept`,
    handler: acceptRequest.POST as Handler,
    id: true,
  },
  {
    name: "request cancel",
    method: "POST",
    path: (id) => `/api/requests/${id}/cancel`,
    handler: cancelRequest.POST as Handler,
    id: true,
  },
  {
    name: "admin requests",
    method: "GET",
    path: () => "/api/items/admin/requests",
    handler: adminRequests.GET as Handler,
  },
  {
    name: "admin request close",
    method: "POST",
    path: (id) => `/api/items/admin/requests/${id}/close`,
    handler: adminCloseRequest.POST as Handler,
    id: true,
  },
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    "null",
    "undefined",
    "NaN",
    "-1",
    "0",
    "1e999",
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "𝕏".repeat(30),
    "a".repeat(5000),
  ),
);
const hostileBody = fc.oneof(
  fc.json({ maxDepth: 3 }),
  hostileText,
  fc.constantFrom(
    "{",
    "[]",
    "null",
    "true",
    '{"__proto__":{"isAdmin":true}}',
    '{"rating":{"quality":"5"}}',
    '{"coordinates":{"lat":"x"}}',
  ),
  fc
    .dictionary(
      fc.constantFrom(
        "name",
        "email",
        "password",
        "rating",
        "comment",
        "title",
        "message",
        "_id",
        "isAdmin",
        "image",
        "timetable",
        "coordinates",
        "orderID",
        "paymentMethod",
        "stoId",
        "serviceIds",
        "car",
        "when",
        "answerId",
        "reason",
        "price",
      ),
      fc.anything({ maxDepth: 2 }),
      { maxKeys: 6 },
    )
    .map((value) => JSON.stringify(value) ?? "{}"),
);
const hostileQuery = fc.dictionary(
  fc.constantFrom(
    "keyword",
    "page",
    "sort",
    "filter",
    "near",
    "open",
    "userDateTime",
    "onthego",
    "lat",
    "lng",
    "token",
    "lng",
    "status",
    "serviceId",
    "job",
  ),
  hostileText,
  { maxKeys: 4 },
);
const hostileId = fc.oneof(
  fc.uuid(),
  hostileText.filter((text) => !text.includes("/") && !text.includes("?") && !text.includes("#")),
);
const contentType = fc.constantFrom(
  "application/json",
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "",
);

const cookies: Record<string, string> = {};
const COUNTS = `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM services)::int AS services, (SELECT count(*) FROM reviews)::int AS reviews,
  (SELECT count(*) FROM images)::int AS images, (SELECT count(*) FROM payments)::int AS payments, (SELECT count(*) FROM feedback)::int AS feedback,
  (SELECT count(*) FROM quote_requests)::int AS requests, (SELECT count(*) FROM quote_answers)::int AS answers`;
const counts = async () => JSON.stringify(await (await getPrisma()).$queryRawUnsafe(COUNTS));

beforeAll(async () => {
  setEnv({ NOMINATIM_URL: "http://127.0.0.1:9" });
  const admin = await makeUser({ isAdmin: true });
  await makeService({ ownerId: admin.id });
  cookies.admin = await signIn(admin.email);
});

let ip = 0;
describe("API fuzzing (fast-check)", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.name}: never a 5xx, nothing written on refusal`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          hostileQuery,
          hostileId,
          contentType,
          fc.constantFrom("none", "admin", "garbage"),
          async (body, query, id, type, who) => {
            const search = new URLSearchParams(query).toString();
            const headers: Record<string, string> = { "x-forwarded-for": `10.9.${Math.floor(++ip / 250)}.${ip % 250}` };
            if (type) headers["content-type"] = type;
            if (who === "admin") headers.cookie = cookies.admin!;
            if (who === "garbage") headers.cookie = `maister.session=${encodeURIComponent(id)}`;
            const url = `http://localhost${endpoint.path(encodeURIComponent(id))}${search ? `?${search}` : ""}`;
            const before = await counts();
            const request = new NextRequest(url, {
              method: endpoint.method,
              headers,
              body: endpoint.method === "GET" ? undefined : body,
            });
            const response = await call(endpoint.handler, request, params({ id }));
            expect(response.status, `${endpoint.method} ${url} ${body.slice(0, 200)}`).toBeLessThan(500);
            if (response.status >= 400) expect(await counts()).toBe(before);
            if (response.headers.get("content-type")?.includes("json")) {
              const answer = (await response.json()) as { message?: unknown };
              if (response.status >= 400) expect(typeof answer.message).toBe("string");
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
