import { Agent, request } from 'node:http';

/**
 * A closed-loop HTTP load: `concurrency` clients, each sending its next request as soon as its
 * previous answer arrived, for `durationMs`. Keep-alive sockets and node:http (lighter than fetch),
 * so the client steals as little CPU as possible from the server it shares the machine with.
 */
export type LoadResult = { sent: number; ok: number; statuses: Record<number, number>; latenciesMs: number[]; elapsedMs: number };

export type LoadRequest = { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; body?: string; okStatus: number };

export async function closedLoop(options: { concurrency: number; durationMs: number; next: (i: number) => LoadRequest }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const result: LoadResult = { sent: 0, ok: 0, statuses: {}, latenciesMs: [], elapsedMs: 0 };
  const start = performance.now();
  const until = start + options.durationMs;
  let counter = 0;
  const client = async () => {
    while (performance.now() < until) {
      const spec = options.next(counter++);
      const began = performance.now();
      const status = await send(agent, spec);
      result.sent++;
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (status === spec.okStatus) {
        result.ok++;
        result.latenciesMs.push(performance.now() - began);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  result.elapsedMs = performance.now() - start;
  agent.destroy();
  return result;
}

function send(agent: Agent, spec: LoadRequest): Promise<number> {
  return new Promise((resolve) => {
    const req = request(spec.url, { method: spec.method, agent, headers: spec.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(spec.body);
  });
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Samples the process's resident set size; `peakMb()` is the highest sample (and the kernel's maxRSS). */
export function rssSampler(everyMs = 50): { peakMb(): number; stop(): void } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return {
    peakMb: () => Math.max(peak, process.resourceUsage().maxRSS * 1024) / 1024 / 1024,
    stop: () => clearInterval(timer),
  };
}
