import type { BlobStore, Clock, EventStore } from '@fe/platform';
import type { SecretBox } from '@fe/tenancy';
import type pg from 'pg';
import { createReceivedInvoiceChecker } from './import/check-pool.ts';
import type { ImportPorts } from './import/import-received-invoice.ts';
import { PostgresReceivedInvoiceIndex } from './list/postgres/postgres-received-invoice-index.ts';
import { PostgresReceptionMailboxStore } from './mailboxes/postgres/postgres-reception-mailbox-store.ts';
import { createReceivedInvoices, type ReceivedInvoices } from './received-invoices.ts';

export type PostgresBuyerSide = {
  /** What the reception poller takes too. */
  ports: ImportPorts;
  received: ReceivedInvoices;
  mailboxes: PostgresReceptionMailboxStore | undefined;
  close(): Promise<void>;
};

/**
 * The buyer's side of a distributed process over the shared PostgreSQL (the ingress's API and poller, the portal's
 * "Facturas recibidas"): one wiring, so both read and write received invoices the same way. `close` stops the
 * check thread; the pool is the caller's.
 */
export function openPostgresBuyerSide(options: {
  pool: pg.Pool;
  store: EventStore;
  blobs: BlobStore;
  clock: Clock;
  /** DIAN's certificate its answers chain to (DIAN_TRUSTED_PEM's contents). */
  trustedDianPem: string | undefined;
  /** Seals the tenants' mailbox passwords (the master key's); without it no mailbox is kept. */
  secretBox: SecretBox | undefined;
}): PostgresBuyerSide {
  const checker = createReceivedInvoiceChecker();
  const ports: ImportPorts = {
    store: options.store,
    blobs: options.blobs,
    index: new PostgresReceivedInvoiceIndex(options.pool),
    checker,
    clock: options.clock,
    trustedDianPem: options.trustedDianPem,
  };
  return {
    ports,
    received: createReceivedInvoices(ports),
    mailboxes: options.secretBox ? new PostgresReceptionMailboxStore(options.pool, options.secretBox) : undefined,
    close: () => checker.close(),
  };
}
