import {
  metrics,
  SpanStatusCode,
  trace,
  type Attributes,
  type Counter,
  type Histogram,
  type ObservableGauge,
} from "@opentelemetry/api";

import { cleanText } from "@/lib/security/redaction";

/**
 * The app's own measurements, for code anywhere on the server: counters, a histogram, gauges read
 * at export time, and spans around units of work. Every call is a no-op (one flag read) until
 * start.ts turns telemetry on, which it does only when OTEL_EXPORTER_OTLP_ENDPOINT is set: without
 * it the SDK is never loaded and nothing here records anything. @opentelemetry/api alone is small
 * and allocates nothing until a provider is registered.
 *
 * The state lives on globalThis: Next 16.4.6 bundles instrumentation, route handlers, pages and the
 * proxy apart, each with its own copy of this module, and all of them must see the one switch.
 */
type State = {
  on: boolean;
  counters: Map<string, Counter>;
  histograms: Map<string, Histogram>;
  gauges: Map<string, ObservableGauge>;
};
const shared = globalThis as typeof globalThis & { __maisterTelemetry?: State };
const state = (shared.__maisterTelemetry ??= {
  on: false,
  counters: new Map(),
  histograms: new Map(),
  gauges: new Map(),
});

/** The meter and tracer's name in the exported data (the instrumentation scope). */
export const SCOPE = "maister";

export function telemetryOn(): boolean {
  return state.on;
}

/** Called by start.ts once the providers are registered; instruments are made on first use after that. */
export function switchTelemetryOn(): void {
  state.on = true;
}

/** Adds one to a counter (`name` in OpenTelemetry's dotted style, attributes of few distinct values). */
export function countOne(name: string, description: string, attributes: Attributes = {}): void {
  if (!state.on) return;
  let counter = state.counters.get(name);
  if (!counter) {
    counter = metrics.getMeter(SCOPE).createCounter(name, { description });
    state.counters.set(name, counter);
  }
  counter.add(1, attributes);
}

/** Records a value in a histogram (durations in seconds, as OpenTelemetry's conventions have them). */
export function recordValue(
  name: string,
  description: string,
  unit: string,
  value: number,
  attributes: Attributes = {},
): void {
  if (!state.on) return;
  let histogram = state.histograms.get(name);
  if (!histogram) {
    histogram = metrics.getMeter(SCOPE).createHistogram(name, { description, unit });
    state.histograms.set(name, histogram);
  }
  histogram.record(value, attributes);
}

/**
 * A gauge whose value is read when metrics are exported (once per export interval, not per
 * request): `read` should be cheap and may fail (the value is then left out of that export).
 */
export function observeGauge(name: string, description: string, read: () => Promise<number> | number): void {
  if (!state.on || state.gauges.has(name)) return;
  const gauge = metrics.getMeter(SCOPE).createObservableGauge(name, { description });
  gauge.addCallback(async (result) => {
    try {
      result.observe(await read());
    } catch {
      // Nothing observed this time: a gap in the graph says the value could not be read.
    }
  });
  state.gauges.set(name, gauge);
}

/**
 * Puts the request's id on the span Next opened for it, so a trace can be found by the id a log
 * line, an error report or the X-Request-Id header names.
 */
export function tagActiveSpan(requestId: string): void {
  if (!state.on) return;
  trace.getActiveSpan()?.setAttribute("maister.request_id", requestId);
}

/** The trace the code runs in, for a log line to name (undefined without telemetry or outside a span). */
export function activeTraceId(): string | undefined {
  if (!state.on) return undefined;
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context) ? context.traceId : undefined;
}

/**
 * Runs `work` inside a span of its own (a child of the active span, or a new trace): its duration,
 * and its error as the span's status. Without telemetry it only runs `work`.
 */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!state.on) return work();
  return trace.getTracer(SCOPE).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      // The message as the logs would write it: no e-mail address or token leaves in a span either.
      const { name: kind, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
      span.recordException({ name: kind, message: cleanText(message) });
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      throw error;
    } finally {
      span.end();
    }
  });
}
