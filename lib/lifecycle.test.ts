import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { writeLogsTo } from "@/lib/log";

import {
  beginDrain,
  installShutdown,
  isDraining,
  onDrain,
  onShutdown,
  resetLifecycleForTests,
  trackWork,
  workInFlight,
} from "./lifecycle";

/** A process stand-in: signals are emitted by the test, exits are recorded (Next's handler calls host.exit). */
function fakeHost() {
  const signals = new EventEmitter();
  const exits: (number | string | null | undefined)[] = [];
  const host = {
    on: (signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void) => signals.on(signal, listener),
    exit: (code?: number | string | null) => void exits.push(code),
    signal: (name: NodeJS.Signals) => signals.emit(name, name),
    exits,
  };
  return host;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The log lines written meanwhile, parsed. */
const lines: Record<string, unknown>[] = [];

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  resetLifecycleForTests();
  lines.length = 0;
  writeLogsTo({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }, "info");
});
afterEach(() => {
  writeLogsTo(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("lifecycle", () => {
  it("SIGTERM marks the instance draining and runs the drain hooks once", () => {
    const host = fakeHost();
    const stop = vi.fn();
    onDrain(stop);
    installShutdown({ timeoutMs: 1000, host });
    expect(isDraining()).toBe(false);
    host.signal("SIGTERM");
    host.signal("SIGINT");
    expect(isDraining()).toBe(true);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("holds the framework's exit until the work in flight has ended, then flushes, then exits with its code", async () => {
    const host = fakeHost();
    const run = deferred();
    const order: string[] = [];
    void trackWork(run.promise.then(() => order.push("job finished")));
    onShutdown(async () => {
      await tick();
      order.push("flushed");
    });
    installShutdown({ timeoutMs: 5000, host });
    host.signal("SIGTERM");
    // Next's handler, its requests done, exits: not yet, a job run is in flight.
    host.exit(143);
    await tick();
    expect(host.exits).toEqual([]);
    expect(workInFlight()).toBe(1);
    run.resolve();
    await vi.waitFor(() => expect(host.exits).toEqual([143]));
    expect(order).toEqual(["job finished", "flushed"]);
    expect(workInFlight()).toBe(0);
  });

  it("a failing job run or flush hook does not keep the instance from exiting", async () => {
    const host = fakeHost();
    void trackWork(Promise.reject(new Error("mail provider away"))).catch(() => undefined);
    onShutdown(() => {
      throw new Error("flush failed");
    });
    installShutdown({ timeoutMs: 5000, host });
    host.signal("SIGINT");
    host.exit(130);
    await vi.waitFor(() => expect(host.exits).toEqual([130]));
  });

  it("exits with 1 once the shutdown timeout has passed since the signal, even with work still going", async () => {
    vi.useFakeTimers();
    const host = fakeHost();
    void trackWork(new Promise(() => undefined));
    installShutdown({ timeoutMs: 2000, host });
    host.signal("SIGTERM");
    host.exit(143);
    await vi.advanceTimersByTimeAsync(1999);
    expect(host.exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(host.exits).toEqual([1]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "warn",
        jobRunsInFlight: 1,
        msg: "still busy at the shutdown timeout: exiting anyway",
      }),
    );
  });

  it("leaves exit alone before any signal", () => {
    const host = fakeHost();
    const exit = host.exit;
    installShutdown({ timeoutMs: 1000, host });
    expect(host.exit).toBe(exit);
    host.exit(1);
    expect(host.exits).toEqual([1]);
  });

  it("work tracked after the drain began is still waited for", async () => {
    const host = fakeHost();
    installShutdown({ timeoutMs: 5000, host });
    host.signal("SIGTERM");
    const late = deferred();
    void trackWork(late.promise);
    host.exit(143);
    await tick();
    expect(host.exits).toEqual([]);
    late.resolve();
    await vi.waitFor(() => expect(host.exits).toEqual([143]));
  });

  it("answers every request that starts while draining with Connection: close, so kept-alive clients move on", async () => {
    const server = http.createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const connectionHeader = () =>
      new Promise<string | undefined>((resolve, reject) =>
        http
          .get({ port: (server.address() as AddressInfo).port, host: "127.0.0.1", agent }, (response) => {
            response.resume();
            response.on("end", () => resolve(response.headers.connection));
          })
          .on("error", reject),
      );
    try {
      const host = fakeHost();
      installShutdown({ timeoutMs: 5000, host });
      expect(await connectionHeader()).toBe("keep-alive");
      host.signal("SIGTERM");
      expect(await connectionHeader()).toBe("close");
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a drain begun before the signal still holds the exit once the signal comes", async () => {
    const host = fakeHost();
    installShutdown({ timeoutMs: 5000, host });
    beginDrain();
    const run = deferred();
    void trackWork(run.promise);
    host.signal("SIGTERM");
    host.exit(143);
    await tick();
    expect(host.exits).toEqual([]);
    run.resolve();
    await vi.waitFor(() => expect(host.exits).toEqual([143]));
  });

  it("beginDrain without a signal drains too (for tests and callers that stop the instance themselves)", () => {
    beginDrain();
    expect(isDraining()).toBe(true);
  });
});
