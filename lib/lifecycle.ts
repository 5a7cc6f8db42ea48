/**
 * The instance's end: what happens between SIGTERM (or SIGINT) and the process's exit.
 *
 * Next's own server (next start, and the standalone server.js) already stops accepting
 * connections on SIGTERM, waits for the requests in flight and then calls process.exit(143). What
 * it does not know about is the work the app started outside requests: a job run in flight (a mail
 * batch waiting on the provider) and the buffers of logs and telemetry. Its process.exit would cut
 * them. So, on the signal, this module:
 * 1. marks the instance draining: /api/readyz answers 503 and the job runner claims nothing new;
 * 2. runs the `onDrain` hooks at once (the job timers stop);
 * 3. holds Next's exit until the work in flight (`trackWork`) has ended, then runs the `onShutdown`
 *    hooks (flushes), then exits with Next's code; all bounded by SHUTDOWN_TIMEOUT_MS from the
 *    signal, after which it exits anyway (code 1, naming what was still going), well before an
 *    orchestrator's SIGKILL.
 * Holding the exit means replacing process.exit while draining: Next's signal handler is not
 * ours to change, and it offers no hook after the requests end. Before the signal, process.exit is
 * untouched.
 *
 * Also while draining, every request that starts (on a connection kept alive from before: the
 * listener is closed) is answered with `Connection: close`. Next's close() ends idle connections
 * only once, at the signal; a kept-alive connection busy then stays open after its answer, and a
 * balancer's pool (nginx's upstream keepalive) would go on sending requests on it, keeping the
 * instance alive until the shutdown timeout cuts them. Told to close, the client opens a new
 * connection, which is refused, and goes to another instance. See
 * docs/decisions/0019-health-and-drain.md for what was measured.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";

import { log } from "@/lib/log";

type Hook = () => unknown;

type Lifecycle = {
  draining: boolean;
  drainedAt: number | null;
  drainHooks: Set<Hook>;
  shutdownHooks: Set<Hook>;
  work: Set<Promise<unknown>>;
  installed: boolean;
  settled: Promise<void> | null;
};

// One state per process: Next may load this module in more than one bundle (instrumentation and
// the route handlers), and they must see the same instance.
const KEY = Symbol.for("maister.lifecycle");
const store = globalThis as typeof globalThis & { [KEY]?: Lifecycle };
const state: Lifecycle = (store[KEY] ??= {
  draining: false,
  drainedAt: null,
  drainHooks: new Set(),
  shutdownHooks: new Set(),
  work: new Set(),
  installed: false,
  settled: null,
});

/** True once SIGTERM or SIGINT arrived: the instance finishes what it has and takes nothing new. */
export function isDraining(): boolean {
  return state.draining;
}

/** Runs `fn` as soon as the instance starts draining (stop starting new work); returns an unregister. */
export function onDrain(fn: Hook): () => void {
  state.drainHooks.add(fn);
  return () => state.drainHooks.delete(fn);
}

/**
 * Runs `fn` last, after the requests and the tracked work have ended (flush logs, telemetry); it
 * may be async, and the exit waits for it within the shutdown timeout. Returns an unregister.
 */
export function onShutdown(fn: Hook): () => void {
  state.shutdownHooks.add(fn);
  return () => state.shutdownHooks.delete(fn);
}

/** Work outside a request that the exit waits for (within the shutdown timeout): a job run. */
export function trackWork<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise.finally(() => state.work.delete(tracked));
  state.work.add(tracked);
  // The caller handles the outcome; this copy only must not be reported as unhandled.
  tracked.catch(() => undefined);
  return promise;
}

/** How many tracked pieces of work are still going. */
export function workInFlight(): number {
  return state.work.size;
}

async function runHooks(hooks: Set<Hook>, what: string): Promise<void> {
  await Promise.all(
    [...hooks].map(async (hook) => {
      try {
        await hook();
      } catch (error) {
        log.warn({ area: "lifecycle", hook: what, err: error }, "a shutdown step failed");
      }
    }),
  );
}

/** Marks the instance draining and runs the drain hooks (once; later calls do nothing). */
export function beginDrain(): void {
  if (state.draining) return;
  state.draining = true;
  state.drainedAt = Date.now();
  void runHooks(state.drainHooks, "drain");
}

/** After beginDrain: resolves once the tracked work has ended and the shutdown hooks have run. */
export function settle(): Promise<void> {
  state.settled ??= (async () => {
    while (state.work.size) await Promise.allSettled([...state.work]);
    await runHooks(state.shutdownHooks, "shutdown");
  })();
  return state.settled;
}

/** Node's diagnostics channel for each request an HTTP server starts answering (public since Node 18). */
function closeAfterAnswer(message: unknown): void {
  const { response } = message as { response?: ServerResponse };
  if (response && !response.headersSent) response.setHeader("Connection", "close");
}

/** Where the signals come from and what exits: the process itself, or a stand-in in tests. */
type Host = {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code?: number | string | null): never | void;
};

/**
 * Listens for SIGTERM and SIGINT (once; instrumentation-node.ts calls it). `timeoutMs` bounds the
 * whole drain from the signal.
 */
export function installShutdown({ timeoutMs, host = process }: { timeoutMs: number; host?: Host }): void {
  if (state.installed) return;
  state.installed = true;
  const exit = host.exit.bind(host);
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // Shells and Next's dev server may send a signal twice; once is enough.
    if (signalled) return;
    signalled = true;
    log.info({ area: "lifecycle", signal }, "draining: requests in flight finish, no new job runs");
    beginDrain();
    subscribe("http.server.request.start", closeAfterAnswer);
    // Next's handler calls process.exit once its requests have ended: that exit waits for ours to settle.
    host.exit = ((code?: number | string | null) => {
      void settle().then(() => exit(code));
    }) as Host["exit"];
    setTimeout(() => {
      log.warn(
        { area: "lifecycle", signal, timeoutMs, jobRunsInFlight: state.work.size },
        "still busy at the shutdown timeout: exiting anyway",
      );
      exit(1);
    }, timeoutMs).unref();
  };
  host.on("SIGTERM", onSignal);
  host.on("SIGINT", onSignal);
}

/** Back to a fresh process's state: for tests only. */
export function resetLifecycleForTests(): void {
  state.draining = false;
  state.drainedAt = null;
  state.drainHooks.clear();
  state.shutdownHooks.clear();
  state.work.clear();
  state.settled = null;
  state.installed = false;
  unsubscribe("http.server.request.start", closeAfterAnswer);
}
