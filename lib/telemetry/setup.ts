import { setTimeout as delay } from "node:timers/promises";

import { env } from "@/lib/env";
import { onShutdown } from "@/lib/lifecycle";

import { flushErrorReports, startErrorReports } from "./errors";

/**
 * Traces and metrics (OTEL_EXPORTER_OTLP_ENDPOINT) and error reports (SENTRY_DSN), each started
 * only when configured: the SDKs are dynamic imports, so a server without them loads neither.
 * Called once by instrumentation-node.ts before anything serves; what they hold is sent at shutdown.
 */
export async function startObservability(): Promise<void> {
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTelemetry } = await import("./start");
    const telemetry = startTelemetry({ metricIntervalMs: env.OTEL_METRIC_EXPORT_INTERVAL });
    // Bounded well below SHUTDOWN_TIMEOUT_MS: the OTLP exporters wait up to 10 s (and retry) on a
    // collector that is down, and a stop must not turn into the drain's timeout and exit 1 for it.
    onShutdown(() => Promise.race([telemetry.shutdown(), delay(2000, undefined, { ref: false })]));
  }
  if (env.SENTRY_DSN) {
    await startErrorReports({ dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV });
    onShutdown(() => flushErrorReports());
  }
}
