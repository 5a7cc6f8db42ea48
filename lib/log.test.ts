import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { runInContext } from "@/lib/http/request-context";
import { log, routeConsoleToLog, scrub } from "@/lib/log";
import { captureLogs } from "@/tests/helpers/logs";

const context = (userId: string | null = null) => ({
  requestId: "req-0123456789",
  ip: "127.0.0.1",
  userAgent: "test",
  method: "GET",
  path: "/api/x",
  userId,
});

describe("the server log", () => {
  let capture: ReturnType<typeof captureLogs>;
  beforeEach(() => (capture = captureLogs()));
  afterEach(() => capture.restore());

  it("writes one JSON line per event with level, time and message", () => {
    log.info({ area: "mail", attempt: 2 }, "mail sent");
    expect(capture.lines).toEqual([
      expect.objectContaining({ level: "info", msg: "mail sent", area: "mail", attempt: 2, pid: process.pid }),
    ]);
    expect(new Date(capture.lines[0]!.time).toISOString()).toBe(capture.lines[0]!.time);
  });

  it("adds the request id, and the account once a session names it, to every line of a request", async () => {
    await runInContext(context(), async () => {
      log.info("before the session");
      await Promise.resolve();
      const current = context("0193e1a0-0000-7000-8000-000000000001");
      await runInContext(current, async () => log.warn("after the session"));
    });
    log.info("outside any request");
    expect(capture.lines.map(({ msg, requestId, userId }) => ({ msg, requestId, userId }))).toEqual([
      { msg: "before the session", requestId: "req-0123456789", userId: undefined },
      { msg: "after the session", requestId: "req-0123456789", userId: "0193e1a0-0000-7000-8000-000000000001" },
      { msg: "outside any request", requestId: undefined, userId: undefined },
    ]);
  });

  it("redacts values under a secret's name at any depth, and masks addresses in every text", () => {
    log.info(
      {
        password: "Hunter2!",
        headers: { authorization: "Bearer abc", cookie: "maister.session=abc", accept: "*/*" },
        body: { user: { newPassword: "x", resetToken: "t", totpCode: "123456", email: "jane.doe@example.com" } },
        link: "https://maister.ua/reset-password?token=AbC_123-xyz&lng=uk",
      },
      "sent to ivan@example.com with code: 123456",
    );
    const [line] = capture.lines;
    expect(line).toMatchObject({
      msg: "sent to i•••@example.com with code: •••",
      password: "[redacted]",
      headers: { authorization: "[redacted]", cookie: "[redacted]", accept: "*/*" },
      body: {
        user: {
          newPassword: "[redacted]",
          resetToken: "[redacted]",
          totpCode: "[redacted]",
          email: "j•••@example.com",
        },
      },
      link: "https://maister.ua/reset-password?token=•••&lng=uk",
    });
    const written = JSON.stringify(capture.lines);
    for (const secret of ["Hunter2!", "Bearer abc", "session=abc", "123456", "AbC_123", "ivan@", "jane.doe@"])
      expect(written).not.toContain(secret);
  });

  it("writes an error with its type, message, stack and code, cleaned like the rest", () => {
    const error = Object.assign(new Error("no mailbox for anna@example.com"), { code: "ECONNREFUSED" });
    log.error({ area: "mail", err: error });
    log.error(new Error("plain failure"));
    expect(capture.lines[0]).toMatchObject({
      msg: "no mailbox for a•••@example.com",
      err: { type: "Error", message: "no mailbox for a•••@example.com", code: "ECONNREFUSED" },
    });
    expect(capture.lines[0]!.err).toHaveProperty("stack", expect.stringContaining("a•••@example.com"));
    expect(JSON.stringify(capture.lines)).not.toContain("anna@");
    expect(capture.lines[1]).toMatchObject({ msg: "plain failure", err: { message: "plain failure" } });
  });

  it("never writes APP_SECRET's value, wherever it appears", () => {
    log.warn({ detail: `secret is ${process.env.APP_SECRET ?? "maister-development-only"}` }, "odd");
    expect(JSON.stringify(capture.lines)).not.toContain(process.env.APP_SECRET ?? "maister-development-only");
  });

  it("keeps lines below the level out", () => {
    capture.restore();
    capture = captureLogs("warn");
    log.info("not written");
    log.warn("written");
    expect(capture.lines.map((line) => line.msg)).toEqual(["written"]);
  });

  it("takes what is printed with console.* into the log, error and request id included", () => {
    const saved = {
      log: console.log,
      info: console.info,
      warn: console.warn,
      error: console.error,
      debug: console.debug,
    };
    try {
      routeConsoleToLog();
      runInContext(context(), () => console.error("\u001b[31m ⨯\u001b[39m page failed", new Error("boom")));
      console.log("listening on %d", 3000);
      console.warn("upstream failed", {
        headers: { cookie: "__Host-maister.session=SESSIONVALUE", authorization: "Bearer AUTHVALUE" },
        passwordHash: "$argon2id$HASHVALUE",
        status: 502,
      });
    } finally {
      Object.assign(console, saved);
    }
    expect(capture.lines).toEqual([
      expect.objectContaining({ level: "error", area: "console", msg: "⨯ page failed", requestId: "req-0123456789" }),
      expect.objectContaining({ level: "info", area: "console", msg: "listening on 3000" }),
      expect.objectContaining({ level: "warn", area: "console" }),
    ]);
    expect(capture.lines[0]!.err).toMatchObject({ message: "boom" });
    // An object printed by a library is redacted by its keys like a field of ours.
    const printed = capture.lines[2]!.msg;
    expect(printed).toContain("upstream failed");
    expect(printed).toContain("502");
    for (const secret of ["SESSIONVALUE", "AUTHVALUE", "HASHVALUE"]) expect(printed).not.toContain(secret);
  });
});

describe("scrub", () => {
  it("leaves numbers, booleans and null alone and stops at a depth", () => {
    expect(scrub({ count: 2, ok: false, none: null })).toEqual({ count: 2, ok: false, none: null });
    let deep: Record<string, unknown> = { end: true };
    for (let i = 0; i < 12; i++) deep = { deeper: deep };
    expect(JSON.stringify(scrub(deep))).toContain("[too deep]");
  });

  it("redacts a code outside an error, keeps an error's code", () => {
    expect(scrub({ code: "123456" })).toEqual({ code: "[redacted]" });
    expect(scrub({ err: { code: "P2002" } })).toEqual({ err: { code: "P2002" } });
  });
});
