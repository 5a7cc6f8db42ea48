import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError, OFFLINE_KEY, postJson, setOfflineMessage } from "@/components/ui/api-client";

afterEach(() => vi.unstubAllGlobals());

/** What postJson threw. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("postJson offline", () => {
  it("refuses at once, in the page's words, without trying the network", async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("navigator", { onLine: false });
    setOfflineMessage("You are offline — try again when connected.");
    const error = await failure(postJson("/api/etc/feedback", { text: "hi" }, "POST", "Network error"));
    expect(error.message).toBe("You are offline — try again when connected.");
    expect(error.key).toBe(OFFLINE_KEY);
    expect(error.status).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("online, a request the network drops says the caller's network message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    vi.stubGlobal("navigator", { onLine: true });
    const error = await failure(postJson("/api/x", {}, "PUT", "Network error"));
    expect(error.message).toBe("Network error");
    expect(error.key).toBe("FETCH_ERROR");
  });
});
