import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateAuditKey } from '../../audit/signing-key.ts';
import { auditCheckpointContract } from '../../../test-support/audit-checkpoints.contract.ts';
import { SqliteAuditCheckpointStore } from './sqlite-audit-checkpoint-store.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

const key = loadOrCreateAuditKey(join(mkdtempSync(join(tmpdir(), 'fe-key-')), 'audit.key'));
auditCheckpointContract(
  "sqlite, in the events' file",
  () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fe-cp-')), 'events.sqlite');
    return { events: new SqliteEventStore(file), checkpoints: new SqliteAuditCheckpointStore(file) };
  },
  () => key,
);
