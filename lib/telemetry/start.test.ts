import { SpanKind } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { describe, expect, it, vi } from "vitest";

import { recordValue } from "./instruments";
import { RequestDurations } from "./start";

vi.mock("./instruments", () => ({ recordValue: vi.fn(), switchTelemetryOn: vi.fn() }));

function serverSpan(id: string, attributes: Record<string, string | number>, parent?: string, seconds = 0) {
  return {
    kind: SpanKind.SERVER,
    attributes,
    duration: [seconds, 250_000_000],
    parentSpanContext: parent ? { spanId: parent, traceId: "t", traceFlags: 1, isRemote: false } : undefined,
    spanContext: () => ({ spanId: id, traceId: "t", traceFlags: 1 }),
  } as unknown as ReadableSpan;
}

describe("the request duration histogram, from Next's server spans", () => {
  it("measures a page once, by the proxy's outer span, with the route of the span inside it", () => {
    const durations = new RequestDurations();
    durations.onEnd(serverSpan("inner", { "http.method": "GET", "next.route": "/[locale]/services" }, "outer"));
    durations.onEnd(
      serverSpan("outer", { "http.method": "GET", "http.status_code": 200, "http.target": "/services" }, undefined, 1),
    );
    expect(recordValue).toHaveBeenCalledTimes(1);
    expect(recordValue).toHaveBeenCalledWith("http.server.request.duration", expect.any(String), "s", 1.25, {
      "http.request.method": "GET",
      "http.response.status_code": 200,
      "http.route": "/[locale]/services",
    });
  });

  it("measures an API request, a single span with its route; other kinds of spans are not requests", () => {
    vi.mocked(recordValue).mockClear();
    const durations = new RequestDurations();
    durations.onEnd({ ...serverSpan("db", {}, "x"), kind: SpanKind.CLIENT } as ReadableSpan);
    durations.onEnd(
      serverSpan("api", { "http.method": "POST", "http.status_code": 500, "http.route": "/api/users/login" }),
    );
    expect(recordValue).toHaveBeenCalledTimes(1);
    expect(vi.mocked(recordValue).mock.calls[0]![4]).toEqual({
      "http.request.method": "POST",
      "http.response.status_code": 500,
      "http.route": "/api/users/login",
    });
  });
});
