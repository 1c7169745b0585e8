import type { EventStore } from '@fe/platform';
import { PostgresEventStore } from '@fe/platform-postgres';
import type pg from 'pg';
import type { PlatformConfig } from './platform-config.ts';

/**
 * The event store FE_EVENT_STORE names: PostgreSQL on the process's pool (closing the store leaves
 * the pool open), or KurrentDB, whose gRPC client only a process that runs on it loads.
 */
export async function openEventStore(
  config: Pick<PlatformConfig, 'eventStore' | 'kurrentdbUrl' | 'kurrentdbDeadlineMs'>,
  pool: pg.Pool,
): Promise<EventStore> {
  if (config.eventStore === 'postgres') return new PostgresEventStore(pool);
  const { KurrentEventStore } = await import('@fe/platform-kurrentdb');
  return KurrentEventStore.connect(config.kurrentdbUrl, { deadlineMs: config.kurrentdbDeadlineMs });
}
