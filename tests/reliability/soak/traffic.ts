/** One request of the run: what came back and when. Status -1 is a hang, 0 a failed connection. */
export type Outcome = { kind: string; status: number; ms: number; at: number; errorPage?: boolean };

/** A request taking longer than this counts as a hang. */
export const HANG_MS = 15_000;

/**
 * A page whose data failed still answers 200 (its shell and loading state stream first) and shows
 * the translated error boundary (app/[locale]/error.tsx); the failure is in the streamed payload.
 */
const SERVER_ERROR_IN_PAYLOAD = /E\{\\"digest\\":/;

export type RequestInit = globalThis.RequestInit & { cookie?: string; ip?: string };
export type Send = (kind: string, pathname: string, init?: RequestInit) => Promise<Response | null>;

/** Sends the run's requests to `origin` and records each one's outcome; null when none came back. */
export function recordedTraffic(origin: string): { outcomes: Outcome[]; request: Send } {
  const outcomes: Outcome[] = [];
  async function request(kind: string, pathname: string, init: RequestInit = {}): Promise<Response | null> {
    const started = Date.now();
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.ip) headers.set("x-forwarded-for", init.ip);
    try {
      const response = await fetch(`${origin}${pathname}`, {
        ...init,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(HANG_MS),
      });
      const body = await response.clone().text();
      const errorPage = kind === "HTML page" && SERVER_ERROR_IN_PAYLOAD.test(body);
      outcomes.push({ kind, status: response.status, ms: Date.now() - started, at: started, errorPage });
      return response;
    } catch (error) {
      const hung = error instanceof Error && error.name === "TimeoutError";
      outcomes.push({ kind, status: hung ? -1 : 0, ms: Date.now() - started, at: started });
      return null;
    }
  }
  return { outcomes, request };
}
