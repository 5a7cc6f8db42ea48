import { trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, describe, expect, it } from "vitest";

import { contextOf, runInContext } from "@/lib/http/request-context";
import { log } from "@/lib/log";
import { captureLogs } from "@/tests/helpers/logs";

import { activeTraceId, switchTelemetryOn, tagActiveSpan } from "./instruments";
import { registerTracing } from "./start";

/**
 * A request's three records find each other: the span Next opened for it carries the request id,
 * and its log lines name the trace. (A file of its own: it registers a global tracer provider.)
 */
describe("the request id on the span, the trace id on the log line", () => {
  const request = () => contextOf({ method: "GET", url: "http://localhost/api/items", headers: new Headers() });

  it("does nothing while telemetry is off", () => {
    const logs = captureLogs();
    try {
      expect(activeTraceId()).toBeUndefined();
      expect(() => tagActiveSpan("r1")).not.toThrow();
      runInContext(request(), () => log.info("no trace"));
    } finally {
      logs.restore();
    }
    expect(logs.lines[0]).not.toHaveProperty("traceId");
  });

  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  afterAll(() => provider.shutdown());

  it("with telemetry on, tags the request's span and names its trace on each line", () => {
    registerTracing(provider);
    switchTelemetryOn();
    const context = request();
    const logs = captureLogs();
    let traceId = "";
    try {
      trace.getTracer("test").startActiveSpan("GET /api/items", (span) => {
        traceId = span.spanContext().traceId;
        runInContext(context, () => log.info("answered"));
        span.end();
      });
      // Outside any span: a line names no trace.
      log.info("idle");
    } finally {
      logs.restore();
    }
    const [span] = exporter.getFinishedSpans();
    expect(span?.attributes["maister.request_id"]).toBe(context.requestId);
    expect(logs.lines[0]).toMatchObject({ msg: "answered", requestId: context.requestId, traceId });
    expect(logs.lines[1]).not.toHaveProperty("traceId");
  });
});
