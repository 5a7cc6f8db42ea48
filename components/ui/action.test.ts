import { describe, expect, it } from "vitest";

import { failureMessage, runAction, type ActionDeps } from "@/components/ui/action";
import { ApiError } from "@/components/ui/api-client";

/** Fakes that write down, in order, what the action did. */
function harness(answer: (url: string, body: unknown, method?: string) => Promise<unknown>) {
  const log: string[] = [];
  let release: () => void = () => undefined;
  const deps: ActionDeps = {
    lock: { current: false },
    setBusy: (busy) => log.push(`busy ${busy}`),
    send: (async (url: string, body: unknown, method?: string) => {
      log.push(`${method} ${url} ${JSON.stringify(body)}`);
      return answer(url, body, method);
    }) as ActionDeps["send"],
    toastSuccess: (message) => log.push(`success ${message}`),
    toastError: (message) => log.push(`error ${message}`),
    refresh: () => log.push("refresh"),
  };
  return { deps, log, hold: () => new Promise<void>((resolve) => (release = resolve)), release: () => release() };
}

describe("runAction", () => {
  it("sends, hands the answer to the page, toasts and refreshes, busy meanwhile", async () => {
    const { deps, log } = harness(async () => ({ message: "Blocked", isBlocked: true }));
    const ok = await runAction<{ message: string; isBlocked: boolean }>(
      deps,
      { url: "/api/x", method: "PUT" },
      { then: (answer) => log.push(`then ${answer.isBlocked}`), success: (answer) => answer.message },
    );
    expect(ok).toBe(true);
    expect(log).toEqual(["busy true", "PUT /api/x undefined", "then true", "success Blocked", "refresh", "busy false"]);
    expect(deps.lock.current).toBe(false);
  });

  it("posts by default, says nothing when there is no success message, and may leave the page unrefreshed", async () => {
    const { deps, log } = harness(async () => ({}));
    await runAction(deps, { url: "/api/y", body: { kind: "a" } }, { refresh: false });
    expect(log).toEqual(["busy true", 'POST /api/y {"kind":"a"}', "busy false"]);
  });

  it("toasts the server's translated message on failure, and does not refresh", async () => {
    const { deps, log } = harness(async () => {
      throw new ApiError("Не знайдено", 404, "Errors.notFound");
    });
    expect(await runAction(deps, { url: "/api/z", method: "DELETE" }, { success: "Deleted" })).toBe(false);
    expect(log).toEqual(["busy true", "DELETE /api/z undefined", "error Не знайдено", "busy false"]);
  });

  it("lets the page show the failure its own way: other words, or no toast at all", async () => {
    const refusal = new ApiError("Bad input", 400, "Validation.invalid", { name: { key: "k", message: "Name?" } });
    const { deps, log } = harness(async () => {
      throw refusal;
    });
    const seen: unknown[] = [];
    await runAction(deps, { url: "/a" }, { onError: (error) => (seen.push(error), "Check the entries") });
    await runAction(deps, { url: "/a" }, { onError: (_, message) => (seen.push(message), null) });
    await runAction(deps, { url: "/a" }, { onError: () => undefined });
    expect(seen).toEqual([refusal, "Bad input"]);
    expect(log.filter((line) => line.startsWith("error"))).toEqual(["error Check the entries", "error Bad input"]);
  });

  it("ignores a second press while the first is going", async () => {
    const { deps, log, hold, release } = harness(() => hold());
    const first = runAction(deps, { url: "/once" }, { success: "Done" });
    expect(await runAction(deps, { url: "/once" }, { success: "Done" })).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(log.filter((line) => line.includes("/once"))).toHaveLength(1);
    const again = runAction(deps, { url: "/once" });
    release();
    expect(await again).toBe(true);
  });

  it("stays busy after a success that leaves the page, but not after a failure", async () => {
    const { deps, log } = harness(async () => ({ name: "Ivan" }));
    await runAction<{ name: string }>(
      deps,
      { url: "/api/users" },
      { leavesPage: true, success: (answer) => `Welcome, ${answer.name}` },
    );
    expect(log.at(-1)).toBe("refresh");
    expect(deps.lock.current).toBe(true);

    const failing = harness(async () => {
      throw new Error("Network error");
    });
    await runAction(failing.deps, { url: "/api/users" }, { leavesPage: true });
    expect(failing.log.at(-1)).toBe("busy false");
    expect(failing.deps.lock.current).toBe(false);
  });

  it("runs a press that makes several requests through the same sending", async () => {
    const { deps, log } = harness(async (url) => ({ _id: url.length }));
    const ok = await runAction(
      deps,
      async (send) => {
        await send("/first", { a: 1 }, "PUT");
        return send<{ _id: number }>("/second", undefined, "POST");
      },
      { then: (answer) => log.push(`then ${answer._id}`), refresh: false },
    );
    expect(ok).toBe(true);
    expect(log).toEqual(["busy true", 'PUT /first {"a":1}', "POST /second undefined", "then 7", "busy false"]);
  });

  it("words any thrown value", () => {
    expect(failureMessage(new Error("x"))).toBe("x");
    expect(failureMessage("plain")).toBe("plain");
  });
});
