/**
 * Runs in the browser before the app hydrates (Next 16's instrumentation-client). Error reports
 * are on only when the server was started with SENTRY_DSN, which the page carries in
 * <html data-error-reports> (app/[locale]/layout.tsx): the SDK is then loaded as a chunk of its
 * own. Without it this file is these few lines, and no Sentry code reaches the browser.
 */
const dsn = document.documentElement.dataset.errorReports;
if (dsn)
  void import("./lib/telemetry/errors-browser").then(({ startBrowserErrorReports }) => startBrowserErrorReports(dsn));
