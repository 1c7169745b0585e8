import { AdapterPool, migrationSet, type Queryable } from '@fe/platform-postgres';
import type pg from 'pg';
import type { FileCounter, FileNumber, FileNumberRequest } from '../../ports/file-counter.ts';
import { MAX_FILE_CONSECUTIVE } from '../../file-names/file-names.ts';

/** The table of this adapter (migrations/), applied by the shared migrator under the set 'file-names'. */
export const fileCounterMigrations = () => migrationSet('file-names', new URL('./migrations/', import.meta.url));

type Row = { year: number; consecutive: string };

const OWNED = 'SELECT year, consecutive FROM file_numbers WHERE nit = $1 AND kind = $2 AND owner = $3';
// One counter's allocations queue on a transaction lock; each INSERT's snapshot is taken after the lock, so it sees
// every number committed before it and max + 1 is free. A hash collision only makes two counters wait for each other.
const LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('file_numbers:' || $1 || ':' || $2 || ':' || $3, 0))";
// An owner allocated meanwhile by another process: nothing inserted, and the number is read back.
const INSERT = `INSERT INTO file_numbers (nit, kind, year, consecutive, owner)
  SELECT $1, $2, $3, COALESCE(MAX(consecutive), 0) + 1, $4 FROM file_numbers WHERE nit = $1 AND kind = $2 AND year = $3
  ON CONFLICT (nit, kind, owner) DO NOTHING RETURNING year, consecutive`;

/** The file counter shared by every process of the distributed shape. */
export class PostgresFileCounter implements FileCounter {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the file counter' });
  }

  async allocate(request: FileNumberRequest): Promise<FileNumber> {
    const { nit, kind, year, owner } = request;
    const mine = await owned(this.db, request);
    if (mine) return mine;
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK, [nit, kind, year]);
      const [taken] = (await tx.query<Row>(INSERT, [nit, kind, year, owner])).rows;
      if (!taken) return (await owned(tx, request))!;
      const consecutive = Number(taken.consecutive);
      if (consecutive > MAX_FILE_CONSECUTIVE) throw new RangeError(`the ${kind} file counter of ${year} is full`);
      return { year: taken.year, consecutive };
    });
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

async function owned(db: Queryable, request: FileNumberRequest): Promise<FileNumber | undefined> {
  const [row] = (await db.query<Row>(OWNED, [request.nit, request.kind, request.owner])).rows;
  return row && { year: row.year, consecutive: Number(row.consecutive) };
}
