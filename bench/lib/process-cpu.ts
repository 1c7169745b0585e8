import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU milliseconds (user + system, Linux /proc, 10 ms ticks) a process and every live descendant
 * has used: a PostgreSQL server is its postmaster and one backend per connection. 0 for a process
 * that is gone or unreadable. Read before and after a burst, the difference is what the burst cost.
 */
export function treeCpuMs(root: number): number {
  const children = new Map<number, number[]>();
  const own = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    own.set(stat.pid, stat.cpuMs);
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  }
  let total = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    total += own.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

function readStat(pid: number): { pid: number; ppid: number; cpuMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return undefined; // gone between the listing and the read
  }
}
