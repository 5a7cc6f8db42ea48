import { metrics, trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it, vi } from "vitest";

import { reportError, reportRequestError, reportsOrigin } from "./errors";
import { countOne, inSpan, observeGauge, recordValue, telemetryOn } from "./instruments";

afterEach(() => vi.restoreAllMocks());

describe("telemetry off (no OTEL_EXPORTER_OTLP_ENDPOINT, no SENTRY_DSN)", () => {
  it("counters, histograms, gauges and spans make no instrument and no span; the work still runs", async () => {
    const getMeter = vi.spyOn(metrics, "getMeter");
    const getTracer = vi.spyOn(trace, "getTracer");
    expect(telemetryOn()).toBe(false);
    countOne("cache.lookups", "lookups", { "cache.result": "hit" });
    recordValue("http.server.request.duration", "duration", "s", 0.1);
    const read = vi.fn(() => 3);
    observeGauge("outbox.depth", "depth", read);
    expect(await inSpan("job x", {}, async () => 42)).toBe(42);
    await expect(inSpan("job y", {}, () => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    expect(getMeter).not.toHaveBeenCalled();
    expect(getTracer).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });

  it("error reports go nowhere and load no SDK", () => {
    expect(() => reportError(new Error("boom"), { requestId: "r1" })).not.toThrow();
    expect(() =>
      reportRequestError(
        new Error("boom"),
        { path: "/", method: "GET", headers: {} },
        {
          routerKind: "App Router",
          routePath: "/",
          routeType: "render",
          renderSource: "react-server-components",
          revalidateReason: undefined,
        },
      ),
    ).not.toThrow();
    expect(Object.keys(globalThis).filter((name) => name.startsWith("__SENTRY"))).toEqual([]);
  });
});

describe("reportsOrigin", () => {
  it("is the DSN's origin, for the page policy's connect-src, and nothing without a usable DSN", () => {
    expect(reportsOrigin("https://abc@glitchtip.example:8443/3")).toBe("https://glitchtip.example:8443");
    expect(reportsOrigin(undefined)).toBeUndefined();
    expect(reportsOrigin("not a url")).toBeUndefined();
  });
});
