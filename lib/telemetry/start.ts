import { context, metrics, propagation, SpanKind, trace, type Attributes } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import {
  BatchSpanProcessor,
  TracerProvider,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace";
import { PrismaInstrumentation } from "@prisma/instrumentation";

import { cleanText } from "@/lib/security/redaction";

import { recordValue, switchTelemetryOn } from "./instruments";
import { withoutQuery } from "./scrub";

/**
 * OpenTelemetry for this process, loaded (a dynamic import from instrumentation-node.ts) only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Traces and metrics go over OTLP/HTTP (JSON) to that
 * endpoint; the exporters read the standard OTEL_EXPORTER_OTLP_* variables themselves (per-signal
 * endpoints, headers for a collector that wants a key, timeouts), the resource OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES.
 *
 * Spans come from:
 * - Next.js itself: once a tracer provider is registered, Next 16.4.6 opens a server span per
 *   request ("GET /[locale]/services", attributes http.method, http.status_code, next.route) and
 *   spans for rendering and route handlers under it, and keeps them the active context, so what
 *   runs inside is their child;
 * - Prisma's instrumentation: the client's operations and each SQL statement ("prisma:client:operation",
 *   "prisma:client:db_query" with the statement, never its parameters), on PGlite and PostgreSQL alike;
 * - undici's diagnostics channels: every fetch() the server makes (mail through Resend, PayPal,
 *   Nominatim, the page cache's own renderings), with W3C trace context sent along;
 * - the app (instruments.ts): a span per job run.
 * docs/decisions/0018-telemetry-and-errors.md says why these.
 */

/**
 * Query strings can carry tokens or a visitor's search: spans keep the path only, and a path's
 * e-mail address (the admins' user search puts one there) is masked like in the logs.
 */
const URL_ATTRIBUTES = ["url.full", "http.url", "http.target", "url.path", "url.query"];

class QueryScrubber implements SpanProcessor {
  onStart(span: Span): void {
    for (const name of URL_ATTRIBUTES) {
      const value = span.attributes[name];
      if (typeof value === "string")
        span.setAttribute(name, name === "url.query" ? "" : cleanText(withoutQuery(value)));
    }
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The request duration histogram (http.server.request.duration, seconds), from Next's own server
 * spans: every request Next answers, pages and API routes alike, measured where Next measures it.
 * A page's request is two server spans, the one the proxy saw ("GET", no route) and, inside it, the
 * one of the route it was rewritten to ("GET /[locale]/services"): it is measured once, by the
 * outer span's duration, with the inner span's route.
 */
export class RequestDurations implements SpanProcessor {
  /** The route of a server span inside another, by the outer span's id, until the outer one ends. */
  private readonly routes = new Map<string, string>();

  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    if (span.kind !== SpanKind.SERVER) return;
    const route = span.attributes["http.route"] ?? span.attributes["next.route"];
    const parent = span.parentSpanContext;
    if (parent && !parent.isRemote) {
      // Bounded: an outer span that never ends (a crash) leaves its entry behind.
      if (this.routes.size >= 10_000) this.routes.clear();
      if (typeof route === "string") this.routes.set(parent.spanId, route);
      return;
    }
    const own = span.spanContext().spanId;
    const inner = this.routes.get(own);
    this.routes.delete(own);
    const attributes: Attributes = {};
    const method = span.attributes["http.request.method"] ?? span.attributes["http.method"];
    const status = span.attributes["http.response.status_code"] ?? span.attributes["http.status_code"];
    if (method !== undefined) attributes["http.request.method"] = method;
    if (status !== undefined) attributes["http.response.status_code"] = status;
    if (route !== undefined || inner !== undefined) attributes["http.route"] = route ?? inner;
    const [seconds, nanos] = span.duration;
    recordValue(
      "http.server.request.duration",
      "Duration of HTTP server requests",
      "s",
      seconds + nanos / 1e9,
      attributes,
    );
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * What NodeTracerProvider.register() did in the 2.x SDK (3.x has no Node provider): `provider`
 * becomes the global one, with the AsyncLocalStorage context manager (a span started inside
 * another's callback is its child) and the W3C trace-context and baggage propagators (traceparent
 * on outgoing fetches).
 */
export function registerTracing(provider: TracerProvider): void {
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
}

export type Telemetry = { flush: () => Promise<void>; shutdown: () => Promise<void> };

export function startTelemetry({ metricIntervalMs }: { metricIntervalMs: number }): Telemetry {
  // Next 16.4.6 makes a span of its own for each fetch, named "fetch GET <the whole URL>" (query
  // included: a geocoded point, a search), beside undici's span of the same call, whose URL the
  // scrubber cuts. Next reads this variable at each fetch (next/dist/server/lib/patch-fetch.js).
  // eslint-disable-next-line no-restricted-properties -- a switch written for Next, not a setting read.
  process.env.NEXT_OTEL_FETCH_DISABLED = "1";
  const resource = resourceFromAttributes({ "service.name": "maister" }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const tracerProvider = new TracerProvider({
    resource,
    spanProcessors: [
      new QueryScrubber(),
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }),
      new RequestDurations(),
    ],
  });
  registerTracing(tracerProvider);
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis: metricIntervalMs,
        exportTimeoutMillis: Math.min(30_000, metricIntervalMs),
      }),
    ],
  });
  // instruments.ts makes its instruments from the global meter provider.
  metrics.setGlobalMeterProvider(meterProvider);
  // Both enable themselves on construction, with the global tracer provider registered above.
  const instrumentations = [new PrismaInstrumentation(), new UndiciInstrumentation()];
  switchTelemetryOn();
  return {
    flush: async () => {
      await Promise.allSettled([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    shutdown: async () => {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
