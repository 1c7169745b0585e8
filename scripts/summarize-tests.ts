// Prints one plain closing line for the whole test line, from vitest's JSON reports:
// "tests: N passed, N failed, N skipped". CI reads that line; vitest's own summary is per suite.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const suite of ['unit', 'int', 'e2e']) {
  const file = new URL(`../.vitest/${suite}.json`, import.meta.url);
  if (!existsSync(file)) {
    console.error(`no report for the ${suite} suite`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed ? 1 : 0;
