import { beforeAll, describe, expect, it } from "vitest";

import { PUT as markRoute } from "@/app/api/etc/admin/feedback/[id]/route";
import { GET as feedbackRoute } from "@/app/api/etc/admin/feedback/route";
import { POST as retryRoute } from "@/app/api/etc/admin/mail/[id]/retry/route";
import { GET as mailRoute } from "@/app/api/etc/admin/mail/route";
import { POST as sendFeedback } from "@/app/api/etc/feedback/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const cookies: Record<string, string> = {};
const request = (method: string, path: string, cookie?: string, body?: unknown) =>
  makeRequest(path, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  const [admin, user] = await Promise.all([makeUser({ isAdmin: true }), makeUser()]);
  cookies.admin = await signIn(admin.email);
  cookies.user = await signIn(user.email);
  const sent = await call(
    sendFeedback,
    request("POST", "/api/etc/feedback", cookies.user, {
      title: "Map is slow\r\nBcc: x@y.z",
      message: "On my phone",
      email: user.email,
    }),
  );
  expect(sent.status).toBe(201);
});

describe("admin inbox", () => {
  it("refuses visitors and plain users on every endpoint", async () => {
    const id = "0195f6c8-1111-7222-8333-444455556666";
    for (const [cookie, status] of [
      [undefined, 401],
      [cookies.user, 403],
    ] as const) {
      expect((await call(feedbackRoute, request("GET", "/api/etc/admin/feedback", cookie))).status).toBe(status);
      expect(
        (await call(markRoute, request("PUT", `/api/etc/admin/feedback/${id}`, cookie, { read: true }), params({ id })))
          .status,
      ).toBe(status);
      expect((await call(mailRoute, request("GET", "/api/etc/admin/mail", cookie))).status).toBe(status);
      expect(
        (await call(retryRoute, request("POST", `/api/etc/admin/mail/${id}/retry`, cookie, {}), params({ id }))).status,
      ).toBe(status);
    }
  });

  it("lists feedback as unread, marks it read and unread again; the mail to the site carries no line break in its subject", async () => {
    const list = await (await call(feedbackRoute, request("GET", "/api/etc/admin/feedback", cookies.admin))).json();
    const item = list.items.find((entry: { title: string }) => entry.title.startsWith("Map is slow"));
    expect(item).toMatchObject({ read: false, message: "On my phone" });
    expect(list.unread).toBeGreaterThan(0);
    const read = await call(
      markRoute,
      request("PUT", `/api/etc/admin/feedback/${item._id}`, cookies.admin, { read: true }),
      params({ id: item._id }),
    );
    expect(await read.json()).toEqual({ read: true });
    const after = await (await call(feedbackRoute, request("GET", "/api/etc/admin/feedback", cookies.admin))).json();
    expect(after.items.find((entry: { _id: string }) => entry._id === item._id).read).toBe(true);
    expect(after.unread).toBe(list.unread - 1);
    const unknown = "0195f6c8-1111-7222-8333-444455556666";
    expect(
      (
        await call(
          markRoute,
          request("PUT", `/api/etc/admin/feedback/${unknown}`, cookies.admin, { read: true }),
          params({ id: unknown }),
        )
      ).status,
    ).toBe(404);
    const mail = await (
      await getPrisma()
    ).mailOutbox.findFirstOrThrow({ where: { kind: "feedback" }, orderBy: { createdAt: "desc" } });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("lists failed mail and puts it back in the queue on retry, once", async () => {
    const prisma = await getPrisma();
    const failed = await prisma.mailOutbox.create({
      data: {
        to: "gone@test.local",
        subject: "S",
        text: "T",
        html: "<p>T</p>",
        kind: "test",
        status: "failed",
        attempts: 7,
        error: "mailbox gone",
      },
    });
    const list = await (await call(mailRoute, request("GET", "/api/etc/admin/mail", cookies.admin))).json();
    expect(list.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: failed.id, attempts: 7, error: "mailbox gone" })]),
    );
    const retried = await call(
      retryRoute,
      request("POST", `/api/etc/admin/mail/${failed.id}/retry`, cookies.admin, {}),
      params({ id: failed.id }),
    );
    expect(retried.status).toBe(200);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: expect.stringMatching(/pending|sent/),
      error: null,
    });
    expect(
      (
        await call(
          retryRoute,
          request("POST", `/api/etc/admin/mail/${failed.id}/retry`, cookies.admin, {}),
          params({ id: failed.id }),
        )
      ).status,
    ).toBe(404);
  });
});
