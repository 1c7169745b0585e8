// The processes of scripts/start-distributed.sh as a test sees them: the run/pids file it writes
// ("name pid health-port" a line), whether a pid still runs, and free ports to start it on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export type RecordedProcess = { name: string; pid: number; healthPort: number };

/**
 * `count` consecutive ports that are free now, from a random start in `range` (inclusive): by
 * default FE_E2E_PORTS (`from-to`), else 61000–64999, above Linux's ephemeral ports (32768–60999),
 * so that no outgoing connection takes one between this check and the process's listen.
 */
export async function freeRun(count: number, range = process.env.FE_E2E_PORTS ?? '61000-64999'): Promise<number> {
  const [from, to] = range.split('-').map(Number) as [number, number];
  if (!(from > 0 && to - from + 1 >= count)) throw new RangeError(`FE_E2E_PORTS ${range}: not a range of ${count} ports`);
  const free = (port: number) => new Promise<boolean>((done) => {
    const server = createServer().once('error', () => done(false)).listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
  for (;;) {
    const base = from + Math.floor(Math.random() * (to - from + 2 - count));
    let ok = true;
    for (let port = base; port < base + count && ok; port++) ok = await free(port);
    if (ok) return base;
  }
}

/** What the start script (and a test that started more) recorded under `dataDir`; [] when nothing is. */
export function recordedProcesses(dataDir: string): RecordedProcess[] {
  let text: string;
  try {
    text = readFileSync(join(dataDir, 'run/pids'), 'utf8');
  } catch {
    return [];
  }
  return text.trim().split('\n').filter(Boolean).map((line) => {
    const [name, pid, port] = line.split(' ');
    return { name: name!, pid: Number(pid), healthPort: Number(port) };
  });
}

/** Running: a zombie (exited, not yet reaped by whoever adopted it after the start script returned) is gone. */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
