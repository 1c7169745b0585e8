import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkpointStoreContract } from '../../testing/checkpoint-store.contract.ts';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store.ts';

checkpointStoreContract('sqlite', () => new SqliteCheckpointStore(':memory:'));

describe('SqliteCheckpointStore', () => {
  it('keeps checkpoints across a reopen of the file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fe-cp-')), 'state.sqlite');
    const first = new SqliteCheckpointStore(path);
    await first.save('relay', 42n);
    first.close();
    expect(await new SqliteCheckpointStore(path).load('relay')).toBe(42n);
  });
});
