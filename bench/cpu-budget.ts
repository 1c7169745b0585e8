// `pnpm bench:budget`: the CPU budget check of the e2e run (bench/cpu-budget.e2e.test.ts) from the command line: the
// embedded service's CPU per accepted invoice in RSA-2048 signatures against bench/cpu-budget.json; exits 1 past the
// margin. `--runs N`: N runs, the median judged. `--record`: the median of `--runs` (3) written as the new figure.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { checkBudget, judgeCpu, medianOf, readBudget, writeBudget } from './lib/cpu-budget.ts';
import { measureEmbeddedCpu } from './lib/embedded-cpu.ts';

const { values } = parseArgs({ options: { record: { type: 'boolean' }, runs: { type: 'string' } } });
const budget = readBudget();
let run = 0;
const measure = async () => {
  const m = await measureEmbeddedCpu(budget.load);
  console.log(
    `run ${++run}: ${m.perInvoiceMs.toFixed(2)} ms of service CPU per accepted invoice (${m.accepted} in ${budget.load.seconds} s) ÷ ${m.rsaMs.toFixed(3)} ms per RSA-2048 signature = ${m.signatures.toFixed(1)} signatures; by thread ${m.byThread}`,
  );
  return m.signatures;
};

if (values.record || values.runs) {
  const figures: number[] = [];
  for (let i = Number(values.runs ?? 3); i > 0; i--) figures.push(await measure());
  const median = medianOf(figures);
  if (values.record) {
    const figure = round1(median);
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const recorded = {
      ...budget.recorded,
      at: new Date().toISOString().slice(0, 10),
      commit,
      runs: figures.map(round1),
    };
    writeBudget({ ...budget, signaturesPerInvoice: figure, recorded });
    console.log(`recorded ${figure} signatures per invoice (median of ${figures.length}) in bench/cpu-budget.json`);
  } else {
    const verdict = judgeCpu(median, budget);
    console.log(`median of ${figures.length}: ${verdict.text}`);
    process.exitCode = verdict.pass ? 0 : 1;
  }
} else {
  const verdict = await checkBudget(measure, budget);
  console.log(verdict.text);
  process.exitCode = verdict.pass ? 0 : 1;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
