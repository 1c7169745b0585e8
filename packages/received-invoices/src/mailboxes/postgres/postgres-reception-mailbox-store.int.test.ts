import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { createSecretBox } from '@fe/tenancy';
import { afterAll, beforeAll } from 'vitest';
import { receptionMailboxStoreContract } from '../../../test-support/reception-mailbox-store.contract.ts';
import { PostgresReceptionMailboxStore, receptionMailboxMigrations } from './postgres-reception-mailbox-store.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [receptionMailboxMigrations()] });
});
afterAll(() => db?.drop());

receptionMailboxStoreContract('postgres', async () => ({
  store: new PostgresReceptionMailboxStore(db.pool, createSecretBox(new Uint8Array(32).fill(7))),
  raw: async () =>
    JSON.stringify((await db.pool.query('SELECT encode(password, $1) AS p FROM reception_mailboxes', ['escape'])).rows),
}));
