/**
 * CPU time of this thread (user + system) summed per named step: where a pipeline run on one thread spends its CPU.
 * Linux brings a running thread's CPU time up to date only at a clock tick (4 ms) or when the thread sleeps, so each
 * reading sleeps a microsecond first; that costs some µs per step, measured by `calibrate()` and taken off. Without
 * `timed`, the steps just run (the pass whose total is read from outside).
 */
export class StepCpu {
  private readonly micros = new Map<string, number>();
  private readonly calls = new Map<string, number>();
  private readonly timed: boolean;
  private overheadMicros = 0;

  constructor(options: { timed: boolean }) {
    this.timed = options.timed;
  }

  /** What an empty step reads (the sleep, the two readings): the mean of the lower 90 % of 2000. */
  calibrate(): number {
    const empty: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const start = threadCpuMicros();
      empty.push(threadCpuMicros() - start);
    }
    empty.sort((a, b) => a - b).length = 1800;
    return (this.overheadMicros = empty.reduce((sum, m) => sum + m, 0) / empty.length);
  }

  /** Runs `fn` and adds the CPU it took to `name`. */
  time<T>(name: string, fn: () => T): T {
    if (!this.timed) return fn();
    const start = threadCpuMicros();
    try {
      return fn();
    } finally {
      this.add(name, start);
    }
  }

  /** `time` for work that awaits (nothing else may run on the thread meanwhile, or it is counted too). */
  async timeAsync<T>(name: string, fn: () => Promise<T>): Promise<T> {
    if (!this.timed) return fn();
    const start = threadCpuMicros();
    try {
      return await fn();
    } finally {
      this.add(name, start);
    }
  }

  /** Microseconds per unit of work for each step, the calibrated overhead taken off, in the order they first ran. */
  perUnit(units: number): { name: string; micros: number }[] {
    return [...this.micros].map(([name, micros]) => ({
      name,
      micros: Math.max(0, micros - this.overheadMicros * this.calls.get(name)!) / units,
    }));
  }

  private add(name: string, start: number): void {
    this.micros.set(name, (this.micros.get(name) ?? 0) + threadCpuMicros() - start);
    this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
  }
}

const cell = new Int32Array(new SharedArrayBuffer(4));

/** This thread's CPU time, brought up to date by a microsecond's sleep (the switch makes the kernel account it). */
function threadCpuMicros(): number {
  Atomics.wait(cell, 0, 0, 0.001);
  const used = process.threadCpuUsage();
  return used.user + used.system;
}
