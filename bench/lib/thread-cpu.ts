import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time per thread name (Linux /proc; empty elsewhere): per-invoice CPU says more than wall-clock throughput on
 * a shared, noisy machine.
 */
export function threadCpuSnapshot(pid: number | 'self' = 'self'): Map<string, number> {
  const byKind = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byKind;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
      byKind.set(name, (byKind.get(name) ?? 0) + ms);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byKind;
}

/** Milliseconds of CPU per unit of work, all threads (or those `include` keeps), between two snapshots. */
export function cpuTotalPerUnit(
  before: Map<string, number>,
  after: Map<string, number>,
  units: number,
  include: (kind: string) => boolean = () => true,
): number {
  let ms = 0;
  for (const [kind, total] of after) if (include(kind)) ms += total - (before.get(kind) ?? 0);
  return ms / units;
}

/** Milliseconds of CPU per unit of work, per thread kind, between two snapshots. */
export function cpuPerUnit(before: Map<string, number>, after: Map<string, number>, units: number): string {
  return [...after]
    .map(([kind, ms]) => [kind, (ms - (before.get(kind) ?? 0)) / units] as const)
    .filter(([, perUnit]) => perUnit > 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, perUnit]) => `${kind} ${perUnit.toFixed(2)}`)
    .join(', ');
}
