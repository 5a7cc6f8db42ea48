// Latency percentiles for the bench, floor and soak reports. Plain JavaScript so that both node
// scripts and tsx ones can import it (types in percentile.d.mts).

/** The p-th percentile (0–100) of `values` by rank (the value below which p % of them lie); 0 when empty. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50, p95 and p99 of `values`, rounded to 0.1. */
export function latencySummary(values) {
  const round = (value) => Number(value.toFixed(1));
  return { p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), p99: round(percentile(values, 99)) };
}
