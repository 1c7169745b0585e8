import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { fileCounterContract } from '../../test-support/file-counter.contract.ts';
import { MAX_FILE_CONSECUTIVE } from '../file-names/file-names.ts';
import { SqliteFileCounter } from './sqlite-file-counter.ts';
import { ThreadedSqliteFileCounter } from './threaded-sqlite-file-counter.ts';

const freshFile = () => join(mkdtempSync(join(tmpdir(), 'fe-files-')), 'state.sqlite');

fileCounterContract('sqlite', () => {
  const file = freshFile();
  return { open: () => new SqliteFileCounter(file) };
});

fileCounterContract('sqlite on its own thread', () => {
  const file = freshFile();
  return { open: () => new ThreadedSqliteFileCounter(file) };
});

describe('a counter in a file of its own, where it was kept in the state file before', () => {
  const ask = (owner: string) => ({ nit: '900373076', kind: 'nc' as const, year: 2026, owner });

  it('starts from the numbers taken there: an owner keeps its number, a new one takes the next', async () => {
    const stateFile = freshFile();
    const before = new SqliteFileCounter(stateFile);
    for (const owner of ['inv-a-NC1', 'inv-a-NC2']) await before.allocate(ask(owner));
    await before.close();
    const counter = new ThreadedSqliteFileCounter(join(stateFile, '..', 'file-numbers.sqlite'), {
      importFrom: stateFile,
    });
    expect(await counter.allocate(ask('inv-a-NC2'))).toEqual({ year: 2026, consecutive: 2 });
    expect(await counter.allocate(ask('inv-a-NC3'))).toEqual({ year: 2026, consecutive: 3 });
    await counter.close();
    // Imported once: a number taken since is not lost when the old file is still there at the next start.
    const again = new ThreadedSqliteFileCounter(join(stateFile, '..', 'file-numbers.sqlite'), {
      importFrom: stateFile,
    });
    expect(await again.allocate(ask('inv-a-NC4'))).toEqual({ year: 2026, consecutive: 4 });
    await again.close();
  });

  it('starts empty when the state file never held a counter', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-files-'));
    const counter = new ThreadedSqliteFileCounter(join(dir, 'file-numbers.sqlite'), {
      importFrom: join(dir, 'state.sqlite'),
    });
    expect(await counter.allocate(ask('inv-a-NC1'))).toEqual({ year: 2026, consecutive: 1 });
    await counter.close();
  });

  it("fails a call with the worker's error: a full counter is a RangeError; after close, unavailable", async () => {
    const stateFile = freshFile();
    const db = new DatabaseSync(stateFile);
    db.exec(`CREATE TABLE file_numbers (nit TEXT, kind TEXT, year INTEGER, consecutive INTEGER, owner TEXT)`);
    db.prepare('INSERT INTO file_numbers VALUES (?, ?, ?, ?, ?)').run(
      '900373076',
      'nc',
      2026,
      MAX_FILE_CONSECUTIVE,
      'x',
    );
    db.close();
    const counter = new ThreadedSqliteFileCounter(join(stateFile, '..', 'file-numbers.sqlite'), {
      importFrom: stateFile,
    });
    await expect(counter.allocate(ask('inv-a-NC1'))).rejects.toThrow(RangeError);
    await counter.close();
    await expect(counter.allocate(ask('inv-a-NC1'))).rejects.toThrow(/unavailable/);
  });
});

describe.each([
  ['sqlite', (file: string) => new SqliteFileCounter(file)],
  ['sqlite on its own thread', (file: string) => new ThreadedSqliteFileCounter(file)],
])('allocations asked together (%s)', (_, open) => {
  const ask = (owner: string, kind: 'nc' | 'nd') => ({ nit: '900373076', kind, year: 2026, owner });

  it('are answered each on its own: a full counter fails alone, and its neighbours take their numbers without a gap', async () => {
    const file = freshFile();
    const full = new DatabaseSync(file);
    full.exec(`CREATE TABLE file_numbers (
      nit TEXT NOT NULL, kind TEXT NOT NULL, year INTEGER NOT NULL, consecutive INTEGER NOT NULL, owner TEXT NOT NULL,
      PRIMARY KEY (nit, kind, year, consecutive), UNIQUE (nit, kind, owner))`);
    full
      .prepare('INSERT INTO file_numbers VALUES (?, ?, ?, ?, ?)')
      .run('900373076', 'nc', 2026, MAX_FILE_CONSECUTIVE, 'x');
    full.close();
    const counter = open(file);
    const outcomes = await Promise.allSettled([
      counter.allocate(ask('inv-a-ND1', 'nd')),
      counter.allocate(ask('inv-a-NC1', 'nc')),
      counter.allocate(ask('inv-a-ND2', 'nd')),
      counter.allocate(ask('inv-a-ND1', 'nd')),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.consecutive : o.reason.constructor.name))).toEqual([
      1,
      'RangeError',
      2,
      1,
    ]);
    await counter.close();
    const stored = new DatabaseSync(file);
    expect(stored.prepare('SELECT owner FROM file_numbers ORDER BY kind, consecutive').all()).toEqual([
      { owner: 'x' },
      { owner: 'inv-a-ND1' },
      { owner: 'inv-a-ND2' },
    ]);
    stored.close();
  });
});
