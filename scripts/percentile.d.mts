export function percentile(values: readonly number[], p: number): number;
export function latencySummary(values: readonly number[]): { p50: number; p95: number; p99: number };
