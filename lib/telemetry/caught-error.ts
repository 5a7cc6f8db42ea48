/**
 * For React error boundaries (app/[locale]/error.tsx): an error a boundary caught never reaches the
 * window's error handlers, so it is handed to the browser's SDK here. A no-op until
 * errors-browser.ts has started, which is never without a DSN. An error that came from the server
 * (it has a digest) was reported there already, with its request id.
 */
type ReportingWindow = Window & { __maisterReportError?: (error: unknown) => void };

export function reportCaughtError(error: Error & { digest?: string }): void {
  if (error.digest) return;
  (window as ReportingWindow).__maisterReportError?.(error);
}

export function acceptCaughtErrors(report: (error: unknown) => void): void {
  (window as ReportingWindow).__maisterReportError = report;
}
