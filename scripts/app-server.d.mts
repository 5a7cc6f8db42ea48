import type { ChildProcess } from "node:child_process";

export const STANDALONE_SERVER: string;
export const PGLITE_DEFAULT_DIR: string;
export const LISTEN_ON: string;
export function standaloneEnv(
  env: Record<string, string | undefined>,
  options?: { port?: number | string; hostname?: string },
): Record<string, string | undefined>;
export function runOrThrow(command: string, args: string[], env: NodeJS.ProcessEnv): void;
export function buildApp(env: NodeJS.ProcessEnv, skip?: boolean): void;
export function assertPortFree(origin: string, hint: string): Promise<void>;
export interface App {
  child: ChildProcess;
  pid: number;
  stop(signal?: NodeJS.Signals): void;
  /** The server's error output so far, when started with stderr "pipe". */
  log(): string;
}
export function startApp(options: {
  port: number;
  env: NodeJS.ProcessEnv;
  command?: string[];
  stderr?: "inherit" | "ignore" | "pipe";
  stdout?: "inherit" | "ignore" | "pipe";
}): App;
export function waitForHealth(origin: string, options?: { timeoutMs?: number; detail?: () => string }): Promise<void>;
