import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exitedChildrenMs, treeSchedTimes } from './process-cpu.ts';

/** A child that burns `ms` of CPU, then exits; resolves once it is reaped. */
function burnInChild(ms: number): Promise<void> {
  const script = `const s = process.cpuUsage(); for (;;) { const u = process.cpuUsage(s); if (u.user + u.system > ${ms * 1000}) break; }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
}

describe('treeSchedTimes', () => {
  it('keeps the CPU of a child that has exited (its parent reaped it), as PostgreSQL backends exit', async () => {
    const [tree0, exited0] = [treeSchedTimes(process.pid), exitedChildrenMs()];
    await burnInChild(400);
    const [tree1, exited1] = [treeSchedTimes(process.pid), exitedChildrenMs()];
    expect(exited1 - exited0).toBeGreaterThanOrEqual(380); // 10 ms ticks
    expect(tree1.exitedMs - tree0.exitedMs).toBe(exited1 - exited0);
    expect(tree1.cpuMs - tree0.cpuMs).toBeGreaterThanOrEqual(exited1 - exited0);
  });

  it('gives zeros for a process that is gone', () => {
    expect(treeSchedTimes(2 ** 22 + 1)).toEqual({ cpuMs: 0, waitMs: 0, slices: 0, exitedMs: 0 });
  });
});
