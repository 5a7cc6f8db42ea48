import { readdirSync, readFileSync } from "node:fs";

import { percentile } from "../../../scripts/percentile.mjs";

type Sample = { at: number; mib: number };

/** Resident memory of a process group (next start and its workers), in MiB. */
function groupRssMiB(groupId: number): number {
  let kib = 0;
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== groupId) continue;
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kib / 1024;
}

/** Samples the server's memory every second until `stop()`, which returns the samples. */
export function sampleMemory(groupId: number): { stop(): Sample[] } {
  const samples: Sample[] = [];
  const timer = setInterval(() => samples.push({ at: Date.now(), mib: groupRssMiB(groupId) }), 1000);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/**
 * Whether memory kept growing: the median of the second quarter of the run (past warm-up) against
 * that of the last, with room for caches filling up.
 */
export function memoryGrowth(samples: Sample[], started: number, seconds: number) {
  const quarter = (index: number) =>
    samples
      .filter(
        (sample) =>
          sample.at >= started + (index * seconds * 1000) / 4 &&
          sample.at < started + ((index + 1) * seconds * 1000) / 4,
      )
      .map((sample) => sample.mib);
  const early = percentile(quarter(1), 50);
  const late = percentile(quarter(3), 50);
  return { early, late, peak: Math.max(...samples.map((sample) => sample.mib)), grew: late > early * 1.25 + 32 };
}
