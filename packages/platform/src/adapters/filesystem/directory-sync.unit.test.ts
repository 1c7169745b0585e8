import { mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { DirectorySync } from './directory-sync.ts';

it('fsyncs the real directory through a handle opened on it, and closes that handle', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fe-dirsync-'));
  const probe = await open(dir, 'r');
  const handlePrototype = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const synced: string[] = [];
  // FileHandle.sync is fsync(2); record which path each call's descriptor names.
  const sync = vi.spyOn(handlePrototype, 'sync').mockImplementation(async function (this: FileHandle) {
    synced.push(readlinkSync(`/proc/self/fd/${this.fd}`));
  });
  try {
    await new DirectorySync().sync(dir);
  } finally {
    sync.mockRestore();
  }
  expect(synced).toEqual([dir]);
  const stillOpen = readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === dir;
    } catch {
      return false; // the descriptor readdir itself used, already closed
    }
  });
  expect(stillOpen).toEqual([]);
});

it('fails for a directory that does not exist (it really opens the path)', async () => {
  await expect(
    new DirectorySync().sync(join(tmpdir(), 'fe-dirsync-missing-', String(process.pid))),
  ).rejects.toMatchObject({ code: 'ENOENT' });
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
