import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from '../../../test-support/event-store.contract.ts';
import { eventChainContract } from '../../../test-support/event-chain.contract.ts';
import { ThreadedSqliteEventStore } from './threaded-sqlite-event-store.ts';

// A file, not ':memory:', as the service uses it (WAL and fsync included).
eventStoreContract(
  'sqlite on a worker thread',
  () => new ThreadedSqliteEventStore(join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.sqlite')),
);
eventChainContract(
  'sqlite on a worker thread',
  () => new ThreadedSqliteEventStore(join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.sqlite')),
);
