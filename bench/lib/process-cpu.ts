import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU used, time spent ready to run but waiting for a core (the run queue), both in ms, and how many times a thread was
 * put on a core. `exitedMs`: the part of `cpuMs` that descendants which have exited used (already in `cpuMs`).
 */
export type SchedTimes = { cpuMs: number; waitMs: number; slices: number; exitedMs: number };

/**
 * CPU and run-queue wait of a process and its descendants, from Linux /proc; the difference around a burst is its
 * cost. Descendants that exited count too: a parent's cutime/cstime hold the CPU of the children it reaped (the
 * postmaster its backends, a service its `xmllint` runs), and a child alive at the first snapshot and reaped by the
 * second moves its whole time there, so the difference stays right. Zeros for a process that is gone.
 */
export function treeSchedTimes(root: number): SchedTimes {
  const children = new Map<number, number[]>();
  const own = new Map<number, { cpuMs: number; exitedMs: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    own.set(stat.pid, stat);
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  }
  const total = { cpuMs: 0, waitMs: 0, slices: 0, exitedMs: 0 };
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    total.cpuMs += own.get(pid)?.cpuMs ?? 0;
    total.exitedMs += own.get(pid)?.exitedMs ?? 0;
    const queue = runQueue(pid);
    total.waitMs += queue.waitMs;
    total.slices += queue.slices;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** The run-queue wait (ms) and the times on a core of every thread of a process (`self`: this one). */
export function runQueue(pid: number | 'self'): { waitMs: number; slices: number } {
  let ns = 0;
  let slices = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const [, wait, runs] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ');
        ns += Number(wait);
        slices += Number(runs);
      } catch {
        // the thread ended between the listing and the read
      }
    }
  } catch {
    return { waitMs: 0, slices: 0 };
  }
  return { waitMs: ns / 1e6, slices };
}

/**
 * CPU (ms) of the children a process has reaped, and theirs: for a bench whose own process is the service, where its
 * load processes (`InChild.lifeCpuMs`) are to be taken out again.
 */
export function exitedChildrenMs(pid: number = process.pid): number {
  return readStat(pid)?.exitedMs ?? 0;
}

/** utime, stime (its own) and cutime, cstime (its reaped children's), in 10 ms ticks: fields 14–17 of proc(5). */
function readStat(pid: number): { pid: number; ppid: number; cpuMs: number; exitedMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const exitedMs = (Number(fields[13]) + Number(fields[14])) * 10;
    return { pid, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 + exitedMs, exitedMs };
  } catch {
    return undefined; // gone between the listing and the read
  }
}
