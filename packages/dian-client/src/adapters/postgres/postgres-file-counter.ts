import { AdapterPool, migrationSet, statement, type PgFailure } from '@fe/platform-postgres';
import type pg from 'pg';
import type { FileCounter, FileNumber, FileNumberRequest } from '../../ports/file-counter.ts';
import { MAX_FILE_CONSECUTIVE } from '../../file-names/file-names.ts';

/** The table and function of this adapter (migrations/), applied by the shared migrator under the set 'file-names'. */
export const fileCounterMigrations = () => migrationSet('file-names', new URL('./migrations/', import.meta.url));

const ALLOCATE = statement('SELECT year, consecutive FROM allocate_file_number($1, $2, $3, $4, $5)');

/** What migrations/002_allocate_file_number.sql raises for a number past the largest a file name holds. */
const COUNTER_FULL = 'FE507';

/** The file counter shared by every process of the distributed shape. */
export class PostgresFileCounter implements FileCounter {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the file counter', translate: counterFull });
  }

  /** One call of allocate_file_number: the owner's number if it has one, else the counter's next under its lock. */
  async allocate(request: FileNumberRequest): Promise<FileNumber> {
    const { nit, kind, year, owner } = request;
    const [row] = (
      await this.db.query<{ year: number; consecutive: string }>(ALLOCATE, [
        nit,
        kind,
        year,
        owner,
        MAX_FILE_CONSECUTIVE,
      ])
    ).rows;
    return { year: row!.year, consecutive: Number(row!.consecutive) };
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

const counterFull = (error: PgFailure) =>
  error.code === COUNTER_FULL ? new RangeError(error.message, { cause: error }) : undefined;
