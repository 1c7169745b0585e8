// The test line's CPU regression check (docs/benchmarks.md, "CPU budget"): CPU per accepted invoice of the embedded
// service, in RSA-2048 signatures measured in the same run, against bench/cpu-budget.json. No wall-clock time is
// asserted, only the ratio; the margin is set above what a busy machine moves it (the JSON's note).
import { describe, expect, it } from 'vitest';
import { checkBudget, readBudget } from './lib/cpu-budget.ts';
import { measureEmbeddedCpu } from './lib/embedded-cpu.ts';

describe('CPU budget', () => {
  it('the embedded service spends no more CPU per accepted invoice than recorded, past the margin', async () => {
    const budget = readBudget();
    const verdict = await checkBudget(async () => {
      const run = await measureEmbeddedCpu(budget.load);
      console.log(
        `CPU budget run: ${run.signatures.toFixed(1)} signatures (${run.perInvoiceMs.toFixed(2)} ms ÷ ${run.rsaMs.toFixed(3)} ms), ${run.accepted} accepted; by thread ${run.byThread}`,
      );
      return run.signatures;
    }, budget);
    console.log(`CPU budget: ${verdict.text}`);
    expect(verdict.pass, verdict.text).toBe(true);
  });
});
