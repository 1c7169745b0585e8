import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

export type CpuHog = {
  /** The hog processes' ids, so a test can say what loaded the machine. */
  readonly pids: number[];
  /** Kills every hog process by the id it saved; waits until each has exited. */
  stop(): Promise<void>;
};

/**
 * A busy loop in its own process per core (default: every core), so a test proves its claim on a loaded CPU:
 * leases lapse, timers fire late. `FE_TEST_CPU_HOG=0` turns it off for a quick local run.
 */
export function startCpuHog(processes = availableParallelism()): CpuHog {
  if (process.env.FE_TEST_CPU_HOG === '0') return { pids: [], stop: async () => undefined };
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i += 1) {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    child.unref();
    children.push(child);
  }
  return {
    pids: children.map((child) => child.pid ?? -1),
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.ref(); // else a script's event loop may end before the exit arrives
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
