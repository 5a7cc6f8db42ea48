import { loadEnv } from "@/lib/env";

/**
 * Sets (undefined: removes) environment variables, and has the app read its environment again:
 * lib/env.ts reads process.env once, on first use, so a change made after that is otherwise not seen.
 */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  loadEnv();
}

// process.env as the worker started, before any test file changed it.
const baseline = { ...process.env };

/**
 * Puts process.env back as the worker started: the integration tests' files share a worker's
 * process (vitest.config.ts), and one file's setEnv must not reach the next.
 */
export function restoreEnv(): void {
  for (const name of Object.keys(process.env)) if (!(name in baseline)) delete process.env[name];
  Object.assign(process.env, baseline);
  loadEnv();
}
