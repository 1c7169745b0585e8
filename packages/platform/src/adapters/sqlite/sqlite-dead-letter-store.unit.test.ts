import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deadLetterStoreContract } from '../../../test-support/dead-letter-store.contract.ts';
import { sampleEnvelope } from '../../../test-support/sample-envelope.ts';
import { SqliteDeadLetterStore } from './sqlite-dead-letter-store.ts';

deadLetterStoreContract('sqlite (memory)', () => new SqliteDeadLetterStore(':memory:'));
// As the embedded shape opens it: a WAL file it shares with the checkpoints and the submission schedule.
deadLetterStoreContract(
  'sqlite (file, WAL)',
  () => new SqliteDeadLetterStore(join(mkdtempSync(join(tmpdir(), 'fe-dlq-')), 'state.sqlite')),
);

describe('SqliteDeadLetterStore', () => {
  it('keeps letters across a reopen, and a second process sees and marks them while the first has the file open', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fe-dlq-')), 'state.sqlite');
    const service = new SqliteDeadLetterStore(path);
    const value = sampleEnvelope('demo-SETP-1');
    await service.keep(
      { topic: 't', group: 'g', message: { key: 'demo-SETP-1', value }, error: 'E: X', attempts: 2 },
      new Date(),
    );
    const operator = new SqliteDeadLetterStore(path); // the CLI
    const [letter] = await operator.list();
    expect(letter!.message).toEqual({ key: 'demo-SETP-1', value });
    expect(await operator.requestRedrive('all', new Date())).toBe(1);
    operator.close();
    expect((await service.requested()).map((l) => l.id)).toEqual([letter!.id]);
    service.close();
    expect(await new SqliteDeadLetterStore(path).list()).toHaveLength(1);
  });
});
