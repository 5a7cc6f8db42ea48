import * as Sentry from "@sentry/nextjs";

import type { Reporter } from "./errors";
import { scrubEvent } from "./scrub";

/**
 * The server's error SDK (@sentry/nextjs), loaded by errors.ts only when SENTRY_DSN is set. Errors
 * only: no tracing (no tracesSampleRate, so Sentry makes no spans and adds none of its tracing
 * integrations), and skipOpenTelemetrySetup, so that it registers no tracer provider, context
 * manager or propagator beside ours (start.ts): OpenTelemetry is the one tracing system, and the
 * report carries the request id that the log lines and the trace's spans share.
 */
export function createReporter({ dsn, environment }: { dsn: string; environment: string }): Reporter {
  Sentry.init({
    dsn,
    environment,
    skipOpenTelemetrySetup: true,
    sendDefaultPii: false,
    // No sentry-trace or baggage header on the server's outgoing requests: OpenTelemetry's traceparent goes instead.
    tracePropagationTargets: [],
    // Breadcrumbs are per process here, not per request: the request id ties a report to its log lines instead.
    maxBreadcrumbs: 0,
    integrations: (defaults) =>
      defaults.map((integration) =>
        integration.name === "Http"
          ? // Request bodies are never read into a report (they hold passwords); Next makes the request spans.
            Sentry.httpIntegration({ disableIncomingRequestSpans: true, maxIncomingRequestBodySize: "none" })
          : integration,
      ),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: () => null,
  });
  return {
    capture(error, { requestId, method, path }) {
      Sentry.captureException(error, {
        tags: requestId ? { request_id: requestId } : {},
        ...(method && path ? { extra: { route: `${method} ${path}` } } : {}),
      });
    },
    captureRequest(error, request, context) {
      Sentry.captureRequestError(error, request, context);
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}
