// The CPU budget's measurement (bench/cpu-budget.ts, bench/cpu-budget.e2e.test.ts): the embedded default in a process
// of its own, started as the README starts it, under the closed loop of `pnpm bench:service`, in RSA-2048 signatures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startChildService,
  stopChild,
  type ChildService,
} from '../../services/all-in-one/test-support/child-service.ts';
import { benchRequest } from './bench-request.ts';
import { closedLoopInChild } from './http-load.ts';
import { treeSchedTimes } from './process-cpu.ts';
import { rsa2048CpuMs } from './rsa-baseline.ts';
import { cpuPerUnit, threadCpuSnapshot } from './thread-cpu.ts';

export type EmbeddedCpu = {
  /** CPU of the service's whole process tree (every thread, exited children too) per accepted invoice, ms. */
  perInvoiceMs: number;
  /** One RSA-2048 signature's CPU on this thread, the mean of a measurement before the load and one after. */
  rsaMs: number;
  /** `perInvoiceMs` ÷ `rsaMs`: the figure the budget holds. */
  signatures: number;
  accepted: number;
  statuses: Record<number, number>;
  /** CPU ms per accepted invoice by thread name, for the reader. */
  byThread: string;
};

/**
 * Settings as in `pnpm bench:service`'s first row: the simulator's XSD check off (DIAN's cost, not the service's), one
 * signer thread, no rate limit.
 */
export async function measureEmbeddedCpu(options: {
  seconds: number;
  concurrency: number;
  warmupMs: number;
}): Promise<EmbeddedCpu> {
  const rsaBefore = rsa2048CpuMs();
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-cpu-budget-'));
  let service: ChildService | undefined;
  try {
    service = await startChildService({
      FE_DATA_DIR: dataDir,
      FE_PORT: '0',
      FE_RATE_LIMIT_PER_SECOND: '1000000',
      FE_RATE_LIMIT_BURST: '1000000',
      FE_SIGNER_THREADS: '1',
      SUBMIT_CONCURRENCY_PER_TENANT: '4',
      FE_DIAN_SIMULATOR_SCHEMA_VALIDATION: 'off',
    });
    const pid = service.process.pid!;
    const request = {
      method: 'POST' as const,
      url: `${service.url}/api/v1/service/invoice`,
      headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(benchRequest),
      okStatus: 201,
    };
    await closedLoopInChild({ concurrency: options.concurrency, durationMs: options.warmupMs, request });
    const [tree0, threads0] = [treeSchedTimes(pid), threadCpuSnapshot(pid)];
    const load = await closedLoopInChild({
      concurrency: options.concurrency,
      durationMs: options.seconds * 1000,
      request,
    });
    const [tree1, threads1] = [treeSchedTimes(pid), threadCpuSnapshot(pid)];
    if (load.ok === 0) throw new Error(`no invoice accepted in ${options.seconds} s: ${JSON.stringify(load.statuses)}`);
    const rsaMs = (rsaBefore + rsa2048CpuMs()) / 2;
    const perInvoiceMs = (tree1.cpuMs - tree0.cpuMs) / load.ok;
    return {
      perInvoiceMs,
      rsaMs,
      signatures: perInvoiceMs / rsaMs,
      accepted: load.ok,
      statuses: load.statuses,
      byThread: cpuPerUnit(threads0, threads1, load.ok),
    };
  } finally {
    if (service) await stopChild(service.process, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
