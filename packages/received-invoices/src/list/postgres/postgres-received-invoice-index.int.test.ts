import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll } from 'vitest';
import { receivedInvoiceIndexContract } from '../../../test-support/received-invoice-index.contract.ts';
import { PostgresReceivedInvoiceIndex, receivedInvoiceIndexMigrations } from './postgres-received-invoice-index.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [receivedInvoiceIndexMigrations()] });
});
afterAll(() => db?.drop());

receivedInvoiceIndexContract('postgres', async () => new PostgresReceivedInvoiceIndex(db.pool));
