// The hostile client (scripts/hostile-client, docs/hostile-client.md) on both shapes, with its long probes
// shortened: every family must end with no 5xx, nothing stuck, nothing leaked and no wrong answer.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const runFile = promisify(execFile);

/** The client's printed table, or its failure, and the counts of its total line. */
async function hostile(shape: 'embedded' | 'distributed') {
  const args = [
    'scripts/hostile-client/main.ts',
    '--shape',
    shape,
    '--slow-connections',
    '1100',
    '--slow-seconds',
    '20',
  ];
  args.push('--timing-samples', '100', '--settle-seconds', '60');
  const { stdout, code } = await runFile(resolve(root, 'node_modules/node/bin/node'), args, {
    cwd: root,
    timeout: 840_000,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout }) => ({ stdout, code: 0 }),
    (error: { stdout?: string; stderr?: string; code?: number }) => ({
      stdout: `${error.stdout ?? ''}\n${error.stderr ?? ''}`,
      code: error.code ?? -1,
    }),
  );
  const total = /^total +\| (\d+) +\| (\d+) +\| (\d+) +\| (\d+) +\| (\d+) +\| (\d+)/m.exec(stdout);
  return { stdout, code, total: total?.slice(1).map(Number) };
}

describe.each(['embedded', 'distributed'] as const)('the hostile client on the %s shape', (shape) => {
  it('ends with 0 5xx, 0 stuck, 0 leaked, 0 wrong answers', { timeout: 900_000 }, async () => {
    const run = await hostile(shape);
    expect(run.total, run.stdout).toBeDefined();
    const [sent, , fiveXx, stuck, leaked, wrong] = run.total!;
    expect(sent).toBeGreaterThan(500);
    expect({ fiveXx, stuck, leaked, wrong }, run.stdout).toEqual({ fiveXx: 0, stuck: 0, leaked: 0, wrong: 0 });
    expect(run.code, run.stdout).toBe(0);
  });
});
