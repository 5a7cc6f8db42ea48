export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export function summarize(text: string): Counts;
export function formatSummary(counts: Counts): string;
