import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { expiryWarningStoreContract } from '../../test-support/expiry-warning-store.contract.ts';
import { SqliteExpiryWarningStore } from './sqlite-expiry-warning-store.ts';

// A file, not :memory:: the two stores of a case are two connections to one database, as two processes would open it.
const dir = mkdtempSync(join(tmpdir(), 'fe-expiry-warnings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

expiryWarningStoreContract('sqlite', async () => {
  const path = join(dir, `portal-${files++}.sqlite`);
  return [new SqliteExpiryWarningStore(path), new SqliteExpiryWarningStore(path)];
});
