// A fault for burst(): once the process is busy with the burst, SIGKILL it and start it again as a supervisor would
// (the same main, environment and /readyz port), so the burst finishes on the restarted process.
import type { DistributedShape } from '../shapes/distributed-shape.ts';

export type KillReport = { name: string; busyAfterMs: number; downMs: number };

/**
 * Waits (bounded) until `busy()` says the process has work of the burst in hand, kills it with SIGKILL, waits
 * `downMs` and restarts it; resolves once it is ready again.
 */
export async function killAndRestart(
  shape: DistributedShape,
  name: string,
  options: { busy?: (() => Promise<boolean>) | undefined; downMs?: number } = {},
): Promise<KillReport> {
  const started = Date.now();
  const deadline = started + 120_000;
  while (options.busy && !(await options.busy()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const busyAfterMs = Date.now() - started;
  await shape.kill(name, 'SIGKILL');
  const killed = Date.now();
  await new Promise((resolve) => setTimeout(resolve, options.downMs ?? 1_000));
  await shape.restart(name);
  return { name, busyAfterMs, downMs: Date.now() - killed };
}
