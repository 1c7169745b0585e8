// `fe replay --projection received` and the audit's comparison on the distributed shape's stores: the received
// invoices' streams in PostgreSQL against the list the ingress and the portal page through (its PostgreSQL table).
import { receivedInvoiceStream } from '@fe/contracts';
import { PostgresEventStore } from '@fe/platform-postgres';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { PostgresReceivedInvoiceIndex, receivedInvoiceIndexMigrations } from '@fe/received-invoices/postgres';
import { imported, requested } from '@fe/received-invoices/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rebuildReceived, receivedListDifferences } from './received-list.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [receivedInvoiceIndexMigrations()] });
});
afterAll(() => db?.drop());

/** The fixture's import, of another CUFE. */
function importOf(cufe: string) {
  const event = imported();
  return { ...event, invoice_id: receivedInvoiceStream('acme', cufe), data: { ...event.data, cufe } };
}

it('finds an invoice imported and not listed, one listed before its import, and one listed without a stream', async () => {
  const store = new PostgresEventStore(db.pool);
  const index = new PostgresReceivedInvoiceIndex(db.pool);
  const [listed, unlisted, early, orphan] = ['1', '2', '3', '4'].map((d) => d.repeat(96));
  for (const cufe of [listed!, unlisted!, early!])
    await store.append(receivedInvoiceStream('acme', cufe), [importOf(cufe), requested('030')], 'no_stream');
  const importedAt = new Date(imported().occurred_at);
  await index.add('acme', listed!, new Date(importedAt.getTime() + 5));
  await index.add('acme', early!, new Date(importedAt.getTime() - 60_000));
  await index.add('acme', orphan!, importedAt);

  const rebuilt = await rebuildReceived(store);
  expect(rebuilt).toMatchObject({ events: 6, unreadable: [] });
  expect(rebuilt.invoices.map((i) => i.cufe).sort()).toEqual([listed, unlisted, early]);
  expect(await receivedListDifferences(rebuilt.invoices, index)).toEqual(
    expect.arrayContaining([
      { subject: receivedInvoiceStream('acme', unlisted!), detail: 'imported, not in the live list' },
      {
        subject: receivedInvoiceStream('acme', early!),
        detail: `listed at ${new Date(importedAt.getTime() - 60_000).toISOString()}, before its import at ${importedAt.toISOString()}`,
      },
      { subject: receivedInvoiceStream('acme', orphan!), detail: 'listed, but no import on its stream' },
    ]),
  );
  expect(await receivedListDifferences(rebuilt.invoices, index)).toHaveLength(3);
});
