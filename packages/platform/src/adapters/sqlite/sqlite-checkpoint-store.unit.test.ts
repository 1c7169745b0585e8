import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkpointStoreContract } from '../../../test-support/checkpoint-store.contract.ts';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store.ts';

checkpointStoreContract('sqlite (memory)', () => new SqliteCheckpointStore(':memory:'));
// As the embedded shape opens it: a WAL file it shares with the dead letters and the submission schedule.
checkpointStoreContract(
  'sqlite (file, WAL)',
  () => new SqliteCheckpointStore(join(mkdtempSync(join(tmpdir(), 'fe-cp-')), 'state.sqlite')),
);

describe('SqliteCheckpointStore', () => {
  it('keeps checkpoints across a reopen of the file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fe-cp-')), 'state.sqlite');
    const first = new SqliteCheckpointStore(path);
    await first.save('relay', 42n);
    first.close();
    expect(await new SqliteCheckpointStore(path).load('relay')).toBe(42n);
  });
});
