import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DirectorySync } from './directory-sync.ts';

it('syncs a real directory', async () => {
  await new DirectorySync().sync(mkdtempSync(join(tmpdir(), 'fe-dirsync-')));
});

it('serves the requests made before a sync starts with that one sync, and starts another for a request made while it runs', async () => {
  const running: { dir: string; done: () => void }[] = [];
  const dirs = new DirectorySync((dir) => new Promise<void>((resolve) => void running.push({ dir, done: resolve })));
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const first = Promise.all([dirs.sync('/a'), dirs.sync('/a'), dirs.sync('/a')]);
  const other = dirs.sync('/b');
  await turn();
  await turn();
  expect(running.map((r) => r.dir).sort()).toEqual(['/a', '/b']); // one sync per directory
  const later = dirs.sync('/a'); // while /a's sync runs: not covered by it
  running.find((r) => r.dir === '/a')!.done();
  await first;
  await turn();
  await turn();
  expect(running.filter((r) => r.dir === '/a')).toHaveLength(2); // a second one, started after the first ended
  running.filter((r) => r.dir !== '/a' || r !== running[0]).forEach((r) => r.done());
  await Promise.all([later, other]);
});

it('a failed sync fails its own callers only', async () => {
  let calls = 0;
  const dirs = new DirectorySync(async () => {
    calls++;
    if (calls === 1) throw new Error('EIO');
  });
  await expect(dirs.sync('/a')).rejects.toThrow('EIO');
  await expect(dirs.sync('/a')).resolves.toBeUndefined();
});
