import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { isTransientStorageError } from './transient-storage-error.ts';

/** The real error node:sqlite throws on a full database: max_page_count stands in for the disk. */
function realSqliteFull(): unknown {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE t (x TEXT)');
  db.exec('PRAGMA max_page_count = 2');
  try {
    for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(2000));
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error('the database did not fill');
}

describe('isTransientStorageError', () => {
  it('knows a full, busy or failing SQLite file, also wrapped as a cause', () => {
    const full = realSqliteFull();
    expect(full).toMatchObject({ errcode: 13, message: 'database or disk is full' });
    expect(isTransientStorageError(full)).toBe(true);
    expect(isTransientStorageError(new Error('the status store is full', { cause: full }))).toBe(true);
    const sqlite = (errcode: number) => Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode });
    expect(isTransientStorageError(sqlite(5))).toBe(true); // SQLITE_BUSY
    expect(isTransientStorageError(sqlite(778))).toBe(true); // SQLITE_IOERR_WRITE
    expect(isTransientStorageError(sqlite(19))).toBe(false); // SQLITE_CONSTRAINT: the same again next time
    expect(isTransientStorageError(sqlite(1))).toBe(false);
  });

  it('knows PostgreSQL connection, resource and shutdown states and a lost connection', () => {
    for (const code of ['08006', '08001', '53100', '53300', '57P01', '57P03', '40001', '40P01', 'ECONNREFUSED'])
      expect(isTransientStorageError(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(isTransientStorageError(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '42P01', '22P02', 'ERR_INVALID_STATE'])
      expect(isTransientStorageError(Object.assign(new Error('x'), { code })), code).toBe(false);
    expect(isTransientStorageError(new Error('poison'))).toBe(false);
    expect(isTransientStorageError('database or disk is full')).toBe(false); // a string is no driver error
  });
});
