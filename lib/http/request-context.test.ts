import { afterEach, describe, expect, it } from "vitest";

import { contextOf, currentRequest, noteRequestUser, pathForLogs, runInContext } from "@/lib/http/request-context";
import { withRequestId } from "@/lib/http/request-id";
import { setEnv } from "@/tests/helpers/env";

const request = (headers: Record<string, string> = {}) => ({
  method: "POST",
  url: "http://localhost/api/users/login?x=1",
  headers: new Headers(headers),
});

describe("request context", () => {
  afterEach(() => setEnv({ TRUSTED_PROXY_HOPS: undefined }));

  it("gives every request its own id, and ignores one a client sends when no proxy of ours is trusted", () => {
    setEnv({ TRUSTED_PROXY_HOPS: "0" });
    const a = contextOf(request({ "x-request-id": "chosen-by-the-client" }));
    const b = contextOf(request());
    expect(a.requestId).not.toBe("chosen-by-the-client");
    expect(a.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.requestId).not.toBe(b.requestId);
  });

  it("keeps the id our own proxy set, when it is a plain token of sane length", () => {
    setEnv({ TRUSTED_PROXY_HOPS: "1" });
    expect(contextOf(request({ "x-request-id": "abcdef0123456789" })).requestId).toBe("abcdef0123456789");
    expect(contextOf(request({ "x-request-id": "a b;c" })).requestId).not.toBe("a b;c");
    expect(contextOf(request({ "x-request-id": "x".repeat(65) })).requestId).toHaveLength(36);
  });

  it("keeps the id proxy.ts handed on with its proof, and no other, with no proxy in front", () => {
    setEnv({ TRUSTED_PROXY_HOPS: "0" });
    const handedOn = withRequestId(new Headers(), "proxy-chosen-0123");
    expect(contextOf({ ...request(), headers: handedOn }).requestId).toBe("proxy-chosen-0123");
    const forged = new Headers(handedOn);
    forged.set("x-request-id", "client-chosen-0123");
    expect(contextOf({ ...request(), headers: forged }).requestId).toMatch(/^[0-9a-f-]{36}$/);
    const proofOfAnother = withRequestId(new Headers(), "another-id-0123");
    proofOfAnother.set("x-request-id", "client-chosen-0123");
    expect(contextOf({ ...request(), headers: proofOfAnother }).requestId).not.toBe("client-chosen-0123");
  });

  it("reads method, path (no query) and a user agent cut to the column", () => {
    const context = contextOf(request({ "user-agent": "u".repeat(300) }));
    expect(context).toMatchObject({ method: "POST", path: "/api/users/login", userId: null });
    expect(context.userAgent).toHaveLength(200);
  });

  it("is there inside its run only, and learns the account when a session names it", async () => {
    const context = contextOf(request());
    expect(currentRequest()).toBeUndefined();
    await runInContext(context, async () => {
      await Promise.resolve();
      noteRequestUser("0193e1a0-0000-7000-8000-000000000001");
      expect(currentRequest()?.userId).toBe("0193e1a0-0000-7000-8000-000000000001");
    });
    expect(currentRequest()).toBeUndefined();
    noteRequestUser("ignored outside a request");
  });

  it("keeps a secret path segment (40 or more URL-safe characters) out of the logged path; ids stay", () => {
    const token = "Zm9vYmFyYmF6cXV4cXV1eGZvb2JhcmJhenF1eHF1dXg";
    expect(pathForLogs(`/api/calendar/${token}.ics`)).toBe("/api/calendar/•••.ics");
    expect(pathForLogs(`/api/x/${token}/y`)).toBe("/api/x/•••/y");
    const id = "0193e1a0-0000-7000-8000-000000000001";
    expect(pathForLogs(`/api/requests/${id}/booking.ics`)).toBe(`/api/requests/${id}/booking.ics`);
    expect(contextOf({ method: "GET", url: `http://x/api/calendar/${token}.ics`, headers: new Headers() }).path).toBe(
      "/api/calendar/•••.ics",
    );
  });
});
