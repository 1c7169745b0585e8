import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { attemptStoreContract } from '../../test-support/attempt-store.contract.ts';
import { SqliteAttemptStore } from './sqlite-attempt-store.ts';

// A file, not :memory:: the two stores of a case are two connections to one database, as two processes would open it.
const dir = mkdtempSync(join(tmpdir(), 'fe-attempts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

attemptStoreContract('sqlite', async () => {
  const path = join(dir, `portal-${files++}.sqlite`);
  return [new SqliteAttemptStore(path), new SqliteAttemptStore(path)];
});
