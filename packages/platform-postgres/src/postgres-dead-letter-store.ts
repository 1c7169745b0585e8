import type { BusMessage, DeadLetter, DeadLetterInput, DeadLetterStore } from '@fe/platform';
import type pg from 'pg';
import { pooledQuery } from './pooled-query.ts';
import { translatePgError } from './translate-error.ts';

type Row = {
  id: string;
  topic: string;
  consumer_group: string;
  message: BusMessage;
  error: string;
  attempts: number;
  deaths: number;
  first_dead_at: string;
  last_dead_at: string;
  redrive_requested_at: string | null;
};

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const COLUMNS = `id, topic, consumer_group, message, error, attempts, deaths, ${iso('first_dead_at')}, ${iso('last_dead_at')}, ${iso('redrive_requested_at')}`;

/**
 * Dead letters in PostgreSQL, so every process and the operator's CLI see the same letters.
 */
export class PostgresDeadLetterStore implements DeadLetterStore {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async keep(letter: DeadLetterInput, at: Date): Promise<void> {
    const message: BusMessage = {
      key: letter.message.key,
      value: letter.message.value,
      ...(letter.message.headers ? { headers: letter.message.headers } : {}),
    };
    await this.query(
      `INSERT INTO dead_letters (topic, consumer_group, event_id, message, error, attempts, deaths, first_dead_at, last_dead_at)
       VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $7)
       ON CONFLICT (topic, consumer_group, event_id) DO UPDATE SET
         message = excluded.message, error = excluded.error, attempts = excluded.attempts,
         deaths = dead_letters.deaths + 1, last_dead_at = excluded.last_dead_at, redrive_requested_at = NULL`,
      [
        letter.topic,
        letter.group,
        letter.message.value.id,
        JSON.stringify(message),
        letter.error,
        letter.attempts,
        at.toISOString(),
      ],
    );
  }

  async list(): Promise<DeadLetter[]> {
    return (await this.query<Row>(`SELECT ${COLUMNS} FROM dead_letters ORDER BY id`)).rows.map(toLetter);
  }

  async requestRedrive(ids: 'all' | readonly number[], at: Date): Promise<number> {
    const marked =
      ids === 'all'
        ? await this.query('UPDATE dead_letters SET redrive_requested_at = $1', [at.toISOString()])
        : await this.query('UPDATE dead_letters SET redrive_requested_at = $1 WHERE id = ANY($2::bigint[])', [
            at.toISOString(),
            ids.map(String),
          ]);
    return marked.rowCount ?? 0;
  }

  async requested(): Promise<DeadLetter[]> {
    return (
      await this.query<Row>(
        `SELECT ${COLUMNS} FROM dead_letters WHERE redrive_requested_at IS NOT NULL ORDER BY dead_letters.redrive_requested_at, id`,
      )
    ).rows.map(toLetter);
  }

  async remove(id: number): Promise<void> {
    await this.query('DELETE FROM dead_letters WHERE id = $1', [id]);
  }

  private async query<R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    try {
      return await pooledQuery<R>(this.pool, sql, values);
    } catch (error) {
      throw translatePgError(error);
    }
  }
}

function toLetter(row: Row): DeadLetter {
  return {
    id: Number(row.id),
    topic: row.topic,
    group: row.consumer_group,
    message: row.message,
    error: row.error,
    attempts: row.attempts,
    deaths: row.deaths,
    firstDeadAt: row.first_dead_at,
    lastDeadAt: row.last_dead_at,
    ...(row.redrive_requested_at ? { redriveRequestedAt: row.redrive_requested_at } : {}),
  };
}
