import * as Sentry from "@sentry/nextjs";

import { acceptCaughtErrors } from "./caught-error";
import { scrubBreadcrumb, scrubEvent } from "./scrub";

/**
 * The browser's error SDK, loaded by instrumentation-client.ts only when the page names a DSN
 * (app/[locale]/layout.tsx writes SENTRY_DSN into <html data-error-reports>, at run time): a
 * build serves no Sentry code to a site that has none. Errors only, scrubbed like the server's
 * (scrub.ts): no tracing, replays or user data.
 */
export function startBrowserErrorReports(dsn: string): void {
  Sentry.init({
    dsn,
    sendDefaultPii: false,
    integrations: (defaults) =>
      defaults.filter((integration) => !["BrowserTracing", "Replay", "BrowserSession"].includes(integration.name)),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  acceptCaughtErrors((error) => Sentry.captureException(error));
}
