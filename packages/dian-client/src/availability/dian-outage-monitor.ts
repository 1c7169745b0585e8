import type { ProbeResult } from './probe-dian.ts';

/** DIAN's environments as the documents name them: 1 production, 2 habilitación. */
export type DianEnvironmentCode = '1' | '2';

export type DianOutageMonitorOptions = {
  endpoints: { habilitacion: string; production: string };
  /** Between two probes of an endpoint (ms). */
  intervalMs: number;
  /** Failed probes in a row that make an endpoint "down". */
  outageAfter: number;
  /** One probe; `probeDian` in production, a test's own elsewhere. */
  probe: (endpoint: string) => Promise<ProbeResult>;
  /** Told when an endpoint goes down or comes back. */
  onChange?: (endpoint: string, down: boolean) => void;
};

/**
 * Whether DIAN is down for an environment, from probes on a schedule (docs/contingency.md): `outageAfter` failures
 * in a row make it down, the first answer up. One timer, unref'd; the embedded shape points both environments at
 * one URL, probed once.
 *
 *   const monitor = new DianOutageMonitor({ endpoints, intervalMs: 30_000, outageAfter: 3, probe });
 *   monitor.start(); if (monitor.isDown('2')) …; await monitor.stop();
 */
export class DianOutageMonitor {
  private readonly failures = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  private readonly options: DianOutageMonitorOptions;

  constructor(options: DianOutageMonitorOptions) {
    this.options = options;
    for (const endpoint of this.urls()) this.failures.set(endpoint, 0);
  }

  isDown(environment: DianEnvironmentCode): boolean {
    const endpoint = environment === '1' ? this.options.endpoints.production : this.options.endpoints.habilitacion;
    return (this.failures.get(endpoint) ?? 0) >= this.options.outageAfter;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.probeNow(), this.options.intervalMs);
    this.timer.unref();
    void this.probeNow();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  /** One round of probes (a round still running is not doubled). */
  probeNow(): Promise<void> {
    this.round ??= Promise.all(this.urls().map((url) => this.probeOne(url))).then(() => {
      this.round = undefined;
    });
    return this.round;
  }

  private async probeOne(endpoint: string): Promise<void> {
    const before = this.failures.get(endpoint) ?? 0;
    const result = await this.options.probe(endpoint);
    const after = result === 'answered' ? 0 : before + 1;
    this.failures.set(endpoint, after);
    const limit = this.options.outageAfter;
    if (before >= limit !== after >= limit) this.options.onChange?.(endpoint, after >= limit);
  }

  private urls(): string[] {
    return [...new Set([this.options.endpoints.habilitacion, this.options.endpoints.production])];
  }
}
