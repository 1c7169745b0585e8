import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';

/**
 * A closed-loop HTTP load on keep-alive node:http, light so the client steals little CPU from the server.
 * `closedLoopInChild` shares the cores but not the service's event loop or heap.
 */
/**
 * `cpuMs`: the CPU time the load generator itself used (user + system) during the run, to see what it takes from the
 * cores.
 */
export type LoadResult = {
  sent: number;
  ok: number;
  statuses: Record<number, number>;
  latenciesMs: number[];
  elapsedMs: number;
  cpuMs: number;
};

export type LoadRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  okStatus: number;
};

export type LoadOptions = { concurrency: number; durationMs: number; request: LoadRequest };

export function closedLoopInChild(options: LoadOptions): Promise<InChild<LoadResult>> {
  return loadInChild<LoadResult>(options);
}

/**
 * `lifeCpuMs`: the load process's CPU over its whole life (its start included). It has exited and been reaped when the
 * promise settles, so that time is in this process's reaped-children time, where a bench takes it out again.
 */
export type InChild<T> = T & { lifeCpuMs: number };

/** One run of lib/load-process.ts: `message` says which load, the child's answer is its result. */
export function loadInChild<T>(message: object): Promise<InChild<T>> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-process.ts', import.meta.url), [], {
      execPath: process.execPath,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: InChild<T> | undefined;
    child.once('message', (answer) => (result = answer as InChild<T>));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`load process exited with ${code}${result ? '' : ', no result'}`));
    });
    child.send(message);
  });
}

export async function closedLoop(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const result: LoadResult = { sent: 0, ok: 0, statuses: {}, latenciesMs: [], elapsedMs: 0, cpuMs: 0 };
  const start = performance.now();
  const cpu = process.cpuUsage();
  const until = start + options.durationMs;
  const client = async () => {
    while (performance.now() < until) {
      const spec = options.request;
      const began = performance.now();
      const { status } = await send(agent, spec);
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
  const used = process.cpuUsage(cpu);
  result.cpuMs = (used.user + used.system) / 1000;
  agent.destroy();
  return result;
}

/** One request on `agent`; its status, and its body when `keepBody` (else the body is drained unread). */
export function send(agent: Agent, spec: LoadRequest, keepBody = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(spec.url, { method: spec.method, agent, headers: spec.headers }, (res) => {
      let body = '';
      if (keepBody) {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
      } else res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(spec.body);
  });
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Samples the process's resident set size; `peakMb()` is the highest sample (and the kernel's maxRSS) until `stop()`:
 * the kernel's figure is the process's whole life, so read later it would take in what ran after.
 */
export function rssSampler(everyMs = 50): { peakMb(): number; stop(): void } {
  let peak = process.memoryUsage().rss;
  let stopped: number | undefined;
  const highest = () => Math.max(peak, process.resourceUsage().maxRSS * 1024);
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return {
    peakMb: () => (stopped ?? highest()) / 1024 / 1024,
    stop: () => {
      clearInterval(timer);
      stopped ??= highest();
    },
  };
}
