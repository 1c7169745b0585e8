import { Agent } from 'node:http';
import { loadInChild, send, type InChild, type LoadRequest } from './http-load.ts';

/**
 * A burst of `count` requests from `concurrency` closed-loop clients spread over `targets`; each answer keeps its
 * `cufe` so a 202 can be followed to its end.
 */
export type BurstOptions = { count: number; concurrency: number; targets: LoadRequest[] };

/** `answeredAt`: epoch ms the answer arrived (to compare with the event store's recordedAt). */
type BurstAnswer = { status: number; latencyMs: number; answeredAt: number; cufe?: string };

/** `startedAt`: the burst's first request, epoch ms (to compare with the event store's recordedAt). */
export type BurstResult = { answers: BurstAnswer[]; elapsedMs: number; startedAt: number; cpuMs: number };

/** The burst in a child process (lib/load-process.ts): it shares the cores with the service, not its event loop. */
export function burstInChild(options: BurstOptions): Promise<InChild<BurstResult>> {
  return loadInChild<BurstResult>({ burst: options });
}

export async function burst(options: BurstOptions): Promise<BurstResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const answers: BurstAnswer[] = [];
  const cpu = process.cpuUsage();
  const startedAt = Date.now();
  const start = performance.now();
  let next = 0;
  const client = async (i: number) => {
    const spec = options.targets[i % options.targets.length]!;
    while (next < options.count) {
      next++;
      const began = performance.now();
      const { status, body } = await send(agent, spec, true);
      answers.push({ status, latencyMs: performance.now() - began, answeredAt: Date.now(), ...cufeOf(body) });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, i) => client(i)));
  const elapsedMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  return { answers, elapsedMs, startedAt, cpuMs: (used.user + used.system) / 1000 };
}

function cufeOf(body: string): { cufe?: string } {
  try {
    const cufe = (JSON.parse(body) as { cufe?: unknown }).cufe;
    return typeof cufe === 'string' ? { cufe } : {};
  } catch {
    return {};
  }
}
