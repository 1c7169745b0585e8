import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecretBox } from '@fe/tenancy';
import { afterAll } from 'vitest';
import { receptionMailboxStoreContract } from '../../test-support/reception-mailbox-store.contract.ts';
import { SqliteReceptionMailboxStore } from './sqlite-reception-mailbox-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'fe-mailboxes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

receptionMailboxStoreContract('SQLite', async () => {
  const path = join(dir, 'state.sqlite');
  return {
    store: new SqliteReceptionMailboxStore(path, createSecretBox(new Uint8Array(32).fill(7))),
    raw: async () =>
      [path, `${path}-wal`]
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file).toString('latin1'))
        .join(''),
  };
});
