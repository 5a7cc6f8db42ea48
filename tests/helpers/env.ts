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
