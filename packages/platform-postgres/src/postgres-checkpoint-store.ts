import type { CheckpointStore } from '@fe/platform';
import type pg from 'pg';
import { pooledQuery } from './pooled-query.ts';
import { statement } from './statement.ts';
import { translatePgError } from './translate-error.ts';

const LOAD = statement('SELECT position FROM checkpoints WHERE name = $1');
const SAVE = statement(
  'INSERT INTO checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
);

/**
 * Checkpoints in the event store's database, so a projection may one day save its checkpoint with its writes.
 */
export class PostgresCheckpointStore implements CheckpointStore {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async load(name: string): Promise<bigint> {
    try {
      const { rows } = await pooledQuery<{ position: string }>(this.pool, LOAD, [name]);
      return rows[0] ? BigInt(rows[0].position) : 0n;
    } catch (error) {
      throw translatePgError(error);
    }
  }

  async save(name: string, position: bigint): Promise<void> {
    try {
      await pooledQuery(this.pool, SAVE, [name, String(position)]);
    } catch (error) {
      throw translatePgError(error);
    }
  }
}
