// The fault set (every process kind killed mid-burst, S3, the broker and PostgreSQL down, two submitters, the
// embedded crash) run `--runs N` times in a row under a CPU hog on every core; prints passed/failed and the duration
// of each run and test, and each test's own counts. Exit code 1 unless every run passed. Usage (from the root):
//   pnpm test:faults [--runs 5] [--logs <folder>]     FE_TEST_CPU_HOG=0: no hog (a quick local run)
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startCpuHog } from '@fe/platform/testing';

const root = resolve(import.meta.dirname, '../../..');
const FILES = [
  'services/all-in-one/test/distributed-process-kills.fault.test.ts',
  'services/all-in-one/test/distributed-s3-down.e2e.test.ts',
  'services/all-in-one/test/distributed-restarts.e2e.test.ts',
  'services/all-in-one/test/distributed-shape.e2e.test.ts',
  'services/all-in-one/test/crash-recovery.e2e.test.ts',
];
/** The fault tests of those files; distributed-shape.e2e.test.ts also holds the API suites, left out here. */
const FAULT_TESTS = 'faults only processes have|SIGKILL|S3 |PostgreSQL restarted';

type TestResult = { fullName: string; status: string; duration?: number; failureMessages?: string[] };
type VitestJson = { numPassedTests: number; numFailedTests: number; testResults: { assertionResults: TestResult[] }[] };

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, logs: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new RangeError(`--runs ${values.runs}: a whole number from 1`);
const logs = values.logs ?? mkdtempSync(join(tmpdir(), 'fe-fault-matrix-'));
mkdirSync(logs, { recursive: true });

// Stopped (Ctrl-C, a kill) mid-run: the hog and the test run go too, so no busy loop outlives the matrix.
let current: { hog: ReturnType<typeof startCpuHog>; child?: ChildProcess } | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    if (current?.child?.pid) process.kill(-current.child.pid, 'SIGTERM'); // its group: pnpm, vitest and workers
    void (current?.hog.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });

const summary: string[] = [];
let failedRuns = 0;
for (let run = 1; run <= runs; run++) {
  const hog = startCpuHog();
  current = { hog };
  const started = Date.now();
  const json = join(logs, `run-${run}.json`);
  const log = join(logs, `run-${run}.log`);
  let code: number | null;
  try {
    // One file at a time: the files belong to two vitest projects, which would otherwise run side by side.
    const args = ['run', ...FILES, '-t', FAULT_TESTS, '--maxWorkers=1', '--reporter=default', '--reporter=json'];
    code = await vitest(args, json, log);
  } finally {
    await hog.stop();
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const result = readResult(json);
  const tests = result?.testResults.flatMap((file) => file.assertionResults).filter((t) => t.status !== 'skipped');
  const passed = result?.numPassedTests ?? 0;
  const failed = result ? result.numFailedTests : 'unknown (no JSON report)';
  const ok = code === 0 && result !== undefined && result.numFailedTests === 0 && passed > 0;
  if (!ok) failedRuns++;
  const line = `run ${run}/${runs}: ${passed} passed, ${failed} failed, ${seconds} s, hog pids ${hog.pids.join(' ')}`;
  summary.push(line);
  console.log(line);
  for (const test of tests ?? [])
    console.log(
      `  ${test.status.padEnd(6)} ${String(Math.round((test.duration ?? 0) / 1000)).padStart(4)} s  ${test.fullName}`,
    );
  // What each test printed of its own counts ("relay SIGKILL: {…}", "kill test: …").
  for (const report of readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => /^([^{]{1,80}: \{"|kill test: )/.test(l)))
    console.log(`    ${report}`);
  for (const test of tests ?? [])
    if (test.status === 'failed') console.log(`  failure: ${test.failureMessages?.[0]?.split('\n', 3).join(' | ')}`);
}
writeFileSync(join(logs, 'summary.txt'), `${summary.join('\n')}\n`);
console.log(`\n${runs - failedRuns} of ${runs} runs passed under the CPU hog; every run's log and JSON in ${logs}`);
process.exitCode = failedRuns === 0 ? 0 : 1;

/** `vitest <args>` from the root, its output into `log` as it comes; its exit code. */
function vitest(args: string[], json: string, log: string): Promise<number | null> {
  const out = openSync(log, 'w');
  const child = spawn('pnpm', ['exec', 'vitest', ...args, `--outputFile.json=${json}`], {
    cwd: root,
    stdio: ['ignore', out, out],
    detached: true,
    env: { ...process.env, NO_COLOR: '1', FE_E2E_KEEP_LOGS: `${log}.processes` },
  });
  if (current) current.child = child;
  closeSync(out);
  return new Promise((done) => child.once('close', (code) => done(code)));
}

function readResult(path: string): VitestJson | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as VitestJson;
  } catch {
    return undefined;
  }
}
