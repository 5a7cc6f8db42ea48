import { writeLogsTo, type LogLevel } from "@/lib/log";

export type LogLine = { level: string; time: string; msg: string; [field: string]: unknown };

/**
 * The server log's lines from now until `restore()`, parsed (lib/log.ts), at `level` (debug by
 * default, so a test sees every line), instead of on standard output.
 */
export function captureLogs(level: LogLevel = "debug"): { lines: LogLine[]; restore: () => void } {
  const lines: LogLine[] = [];
  writeLogsTo({ write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }, level);
  return { lines, restore: () => writeLogsTo(null) };
}
