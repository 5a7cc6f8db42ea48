/**
 * One press that asks the API for something (delete a row, block a user, mark a report done…):
 * busy while the request goes, a second press meanwhile ignored, the outcome toasted, the page's
 * server parts re-rendered. useAction (use-action.ts) wires it to React, the router and the toasts;
 * this part knows none of them, so it is tested on its own (action.test.ts).
 */

export type ActionMethod = "POST" | "PUT" | "DELETE";

/** The request: a call to our API, or, for a press that makes more than one, a function making them with `send`. */
export type ActionRequest<T> =
  { url: string; method?: ActionMethod; body?: unknown } | ((send: ActionSend) => Promise<T>);

export type ActionSend = <T>(url: string, body: unknown, method?: ActionMethod) => Promise<T>;

export type ActionOptions<T> = {
  /** The success toast: words, or words made of the answer; none when it gives nothing. */
  success?: string | ((answer: T) => string | null | undefined);
  /** What the page does with the answer (its state, the focus, another address) before the refresh. */
  then?: (answer: T) => void;
  /** Re-render the page's server parts once it went through (default: yes). */
  refresh?: boolean;
  /** Success takes the visitor elsewhere: the button stays busy until the page goes, so nothing is sent twice. */
  leavesPage?: boolean;
  /**
   * What a failure does besides being told: field messages, an alert. It returns what the error
   * toast says: nothing for the server's translated message, other words, or null for no toast.
   */
  onError?: (error: unknown, message: string) => string | null | void;
};

export type ActionDeps = {
  /** Set while a request goes; a call made meanwhile does nothing. */
  lock: { current: boolean };
  setBusy: (busy: boolean) => void;
  send: ActionSend;
  toastSuccess: (message: string) => void;
  toastError: (message: string) => void;
  refresh: () => void;
};

/** What a failure says: the server's translated message (ApiError), or the error's own. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs one action; true when it went through, false when it failed or another was still going. */
export async function runAction<T>(
  deps: ActionDeps,
  request: ActionRequest<T>,
  options: ActionOptions<T> = {},
): Promise<boolean> {
  if (deps.lock.current) return false;
  deps.lock.current = true;
  deps.setBusy(true);
  let done = false;
  try {
    const answer =
      typeof request === "function"
        ? await request(deps.send)
        : await deps.send<T>(request.url, request.body, request.method ?? "POST");
    done = true;
    options.then?.(answer);
    const success = typeof options.success === "function" ? options.success(answer) : options.success;
    if (success) deps.toastSuccess(success);
    if (options.refresh ?? true) deps.refresh();
    return true;
  } catch (error) {
    // A throw from `then` is a bug of the page, not a refusal: it is not dressed up as one.
    if (done) throw error;
    const message = failureMessage(error);
    const shown = options.onError?.(error, message);
    if (shown !== null) deps.toastError(shown ?? message);
    return false;
  } finally {
    if (!(done && options.leavesPage)) {
      deps.lock.current = false;
      deps.setBusy(false);
    }
  }
}
