import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';
import { openWalDatabase } from './open-database.ts';

const opened: DatabaseSync[] = [];
const open = (file: string) => {
  const db = openWalDatabase(file, 'FULL');
  opened.push(db);
  return db;
};
afterEach(() => {
  for (const db of opened.splice(0)) if (db.isOpen) db.close();
});

function table() {
  const file = join(mkdtempSync(join(tmpdir(), 'fe-group-')), 'group.sqlite');
  const db = open(file);
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
  const rows = () =>
    db
      .prepare('SELECT k FROM t ORDER BY k')
      .all()
      .map((row) => row.k);
  return { file, db, insert, rows, commits: new GroupCommit(db, { closed: () => new Error('closed') }) };
}

describe('GroupCommit', () => {
  it('commits the writes of one turn in one transaction: none is visible to another connection before the last ran', async () => {
    const { file, insert, commits } = table();
    const other = open(file);
    const seenByOther = () => other.prepare('SELECT COUNT(*) AS n FROM t').get()!.n;
    const writes = ['a', 'b', 'c'].map((k) => commits.run(() => (insert.run(k, 1), seenByOther())));
    expect(await Promise.all(writes)).toEqual([0, 0, 0]);
    expect(seenByOther()).toBe(3);
  });

  it('fails a write that throws alone, with its own changes rolled back; its neighbours are stored and answered', async () => {
    const { insert, rows, commits } = table();
    const outcomes = await Promise.allSettled([
      commits.run(() => insert.run('a', 1).changes),
      commits.run(() => {
        insert.run('half', 1);
        insert.run('a', 2); // the key is taken: this write fails after a first insert
      }),
      commits.run(() => insert.run('c', 1).changes),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: /UNIQUE/ });
    expect(rows()).toEqual(['a', 'c']);
  });

  it('rejects every write of a group whose transaction cannot commit, and stores none of them', async () => {
    const { db, rows, commits } = table();
    db.exec(`PRAGMA foreign_keys = ON;
      CREATE TABLE child (parent TEXT REFERENCES t (k) DEFERRABLE INITIALLY DEFERRED)`);
    const insertChild = db.prepare('INSERT INTO child (parent) VALUES (?)');
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, 1)');
    // Each write succeeds on its own; the orphan fails the deferred check at COMMIT, for the whole group.
    const outcomes = await Promise.allSettled([
      commits.run(() => insert.run('a')),
      commits.run(() => insertChild.run('nobody')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(rows()).toEqual([]);
    expect(db.isTransaction).toBe(false);
    await commits.run(() => insert.run('b')); // the next group commits
    expect(rows()).toEqual(['b']);
  });

  it("rejects every write of a group when another connection holds the write lock, with the caller's translation", async () => {
    const { file, db, insert } = table();
    db.exec('PRAGMA busy_timeout = 0');
    const commits = new GroupCommit(db, {
      translate: (error) => new Error(`busy: ${(error as Error).message}`),
      closed: () => new Error('closed'),
    });
    const other = open(file);
    other.exec('BEGIN IMMEDIATE');
    const outcomes = await Promise.allSettled(['a', 'b'].map((k) => commits.run(() => insert.run(k, 1))));
    other.exec('ROLLBACK');
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason?.message)).toEqual([
      expect.stringMatching(/^busy: .*locked/),
      expect.stringMatching(/^busy: .*locked/),
    ]);
  });

  it('rejects writes on a closed connection with the closed error', async () => {
    const { db, insert, commits } = table();
    const queued = commits.run(() => insert.run('a', 1));
    db.close();
    await expect(queued).rejects.toThrow('closed');
    await expect(commits.run(() => insert.run('b', 1))).rejects.toThrow('closed');
  });
});
