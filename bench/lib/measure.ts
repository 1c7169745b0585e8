/**
 * Timing on a shared, noisy machine: warm-up, calibrated rounds, the median round's cost per call. Only ratios to
 * a baseline from the same run mean anything.
 */
export type Measurement = { name: string; perCallMs: number; rounds: number; callsPerRound: number };

export function measure(
  name: string,
  fn: () => unknown,
  options: { rounds?: number; roundMs?: number } = {},
): Measurement {
  const rounds = options.rounds ?? 7;
  const roundMs = options.roundMs ?? 150;
  for (let i = 0; i < 20; i++) fn(); // warm-up: JIT, caches
  let calls = 1;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    const elapsedMs = Number(process.hrtime.bigint() - start) / 1e6;
    if (elapsedMs >= roundMs / 4) {
      calls = Math.max(1, Math.round((calls * roundMs) / elapsedMs));
      break;
    }
    calls *= 2;
  }
  const perCall: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    perCall.push(Number(process.hrtime.bigint() - start) / 1e6 / calls);
  }
  perCall.sort((a, b) => a - b);
  return { name, perCallMs: perCall[Math.floor(rounds / 2)]!, rounds, callsPerRound: calls };
}

export function printTable(
  rows: { name: string; perCallMs: number; ratio?: number; note?: string }[],
  baselineName: string,
): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'case'.padEnd(width)}  ${'ms/op'.padStart(10)}  ${('× ' + baselineName).padStart(24)}`);
  for (const r of rows) {
    const ratio = r.ratio === undefined ? '' : r.ratio.toFixed(2);
    console.log(
      `${r.name.padEnd(width)}  ${r.perCallMs.toFixed(4).padStart(10)}  ${ratio.padStart(24)}${r.note ? '  ' + r.note : ''}`,
    );
  }
}
