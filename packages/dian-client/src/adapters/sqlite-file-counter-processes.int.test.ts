// The embedded counter's claim across processes: SQLite's write lock is the only thing between them.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startCpuHog } from '@fe/platform/testing';
import { expect, it } from 'vitest';
import { SqliteFileCounter } from './sqlite-file-counter.ts';

const run = promisify(execFile);
const adapter = new URL('./sqlite-file-counter.ts', import.meta.url).href;

/** A process that asks for every owner in `owners` on `file`, all at once, and prints what it got. */
const racer = (file: string, owners: string[]) =>
  run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { SqliteFileCounter } from ${JSON.stringify(adapter)};
       const counter = new SqliteFileCounter(${JSON.stringify(file)});
       const owners = ${JSON.stringify(owners)};
       const taken = [];
       for (const owner of owners)
         taken.push([owner, (await counter.allocate({ nit: '900373076', kind: 'z', year: 2026, owner })).consecutive]);
       await counter.close();
       process.stdout.write(JSON.stringify(taken));`,
    ],
    { timeout: 60_000 },
  ).then(({ stdout }) => JSON.parse(stdout) as [string, number][]);

it('four processes on one file, on a loaded CPU, share no number, skip none, and agree on each shared owner', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'fe-files-')), 'state.sqlite');
  new SqliteFileCounter(file).close(); // the table exists before the race
  const shared = Array.from({ length: 20 }, (_, i) => `inv-shared-${i}`);
  const hog = startCpuHog();
  let results: [string, number][][];
  try {
    results = await Promise.all(
      [0, 1, 2, 3].map((p) =>
        racer(file, [
          ...Array.from({ length: 20 }, (_, i) => `inv-p${p}-${i}`),
          ...(p % 2 === 0 ? shared : [...shared].reverse()),
        ]),
      ),
    );
  } finally {
    await hog.stop();
  }
  const byOwner = new Map<string, number>();
  for (const [owner, n] of results.flat()) {
    if (byOwner.has(owner)) expect(n, owner).toBe(byOwner.get(owner));
    byOwner.set(owner, n);
  }
  expect(byOwner.size).toBe(100);
  expect([...byOwner.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
}, 120_000);
