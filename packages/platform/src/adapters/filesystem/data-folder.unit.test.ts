import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlatformError } from '../../errors.ts';
import { openWalDatabase } from '../sqlite/open-database.ts';
import { prepareDataFolder } from './data-folder.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as PlatformError;
const mode = (path: string) => statSync(path).mode & 0o777;
const temp = () => mkdtempSync(join(tmpdir(), 'fe-data-folder-'));

/** Runs `work` with the usual umask (022), under which files were world-readable. */
function withUmask022(work: () => void): void {
  const previous = process.umask(0o022);
  try {
    work();
  } finally {
    process.umask(previous);
  }
}

describe('prepareDataFolder', () => {
  it('creates a missing folder 0700', () => {
    const dir = join(temp(), 'a', 'data');
    withUmask022(() => prepareDataFolder(dir));
    expect(mode(dir)).toBe(0o700);
  });

  it.each([
    ['others', 0o777],
    ['others (not the group)', 0o757],
    ['its group', 0o770],
  ])('refuses a folder %s can write (DATA_FOLDER_UNSAFE), changing nothing', (_, unsafe) => {
    const dir = temp();
    writeFileSync(join(dir, 'tenants.sqlite'), 'x', { mode: 0o644 });
    chmodSync(dir, unsafe);
    expect(() => prepareDataFolder(dir)).toThrowError(code('DATA_FOLDER_UNSAFE'));
    expect(() => prepareDataFolder(dir)).toThrowError(/DATA_FOLDER_UNSAFE/); // the code is in the message the log shows
    expect([mode(dir), mode(join(dir, 'tenants.sqlite'))]).toEqual([unsafe, 0o644]);
  });

  it('refuses a file where the folder should be, and a folder another user owns', () => {
    const dir = temp();
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => prepareDataFolder(join(dir, 'file'))).toThrowError(code('DATA_FOLDER_UNSAFE'));
    expect(() => prepareDataFolder(dir, { uid: statSync(dir).uid + 1 })).toThrowError(code('DATA_FOLDER_NOT_OWNED'));
  });

  it('tightens a folder from before (0755, files 0644): every folder 0700, every file 0600, links left alone', () => {
    const dir = temp();
    const outside = join(temp(), 'outside.txt');
    withUmask022(() => {
      mkdirSync(join(dir, 'files', 'demo'), { recursive: true });
      writeFileSync(join(dir, 'tenants.sqlite'), 'x');
      writeFileSync(join(dir, 'files', 'demo', 'SETP990000000.xml'), 'x');
      writeFileSync(outside, 'x');
    });
    symlinkSync(outside, join(dir, 'link'));
    chmodSync(dir, 0o755);
    prepareDataFolder(dir);
    expect([mode(dir), mode(join(dir, 'files')), mode(join(dir, 'files', 'demo'))]).toEqual([0o700, 0o700, 0o700]);
    expect([mode(join(dir, 'tenants.sqlite')), mode(join(dir, 'files', 'demo', 'SETP990000000.xml'))]).toEqual([
      0o600, 0o600,
    ]);
    expect(mode(outside)).toBe(0o644); // not followed
  });
});

describe('openWalDatabase', () => {
  it('creates the database, its -wal and its -shm 0600, whatever the umask', () => {
    const path = join(temp(), 'store.sqlite');
    withUmask022(() => {
      const db = openWalDatabase(path, 'NORMAL');
      db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);');
      expect([mode(path), mode(`${path}-wal`), mode(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
      db.close();
    });
  });
});
