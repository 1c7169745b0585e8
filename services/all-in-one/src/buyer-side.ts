import { readFileSync } from 'node:fs';
import { receivedInvoiceRoutes, receptionMailboxRoute, createInboxPoller, inboxConfigFromEnv } from '@fe/ingress';
import { createImapMailboxReader, imapSettings } from '@fe/mail';
import type { BlobStore, Clock, EventStore, Logger, ServiceModule } from '@fe/platform';
import {
  createReceivedInvoiceChecker,
  createReceivedInvoices,
  SqliteReceivedInvoiceIndex,
  SqliteReceptionMailboxStore,
  type ReceivedInvoices,
  type ReceptionMailboxStore,
} from '@fe/received-invoices';
import { createSecretBox, type TenantDirectory } from '@fe/tenancy';
import type { FastifyPluginAsync } from 'fastify';

export type BuyerSide = {
  routes: FastifyPluginAsync;
  inbox: ServiceModule;
  /** The same operations for the portal's pages. */
  received: ReceivedInvoices;
  /** The tenants' reception mailboxes, for the portal's form. */
  mailboxes: ReceptionMailboxStore;
  close(): Promise<void>;
};

/**
 * The buyer's side in one process (docs/radian.md, "The buyer's side"): the list of received invoices beside the
 * other state, the check thread, the API routes, and the reception mailbox when FE_IMAP_URL and FE_INBOX_TENANT name
 * one. The submitter and the notifier react to its events on their own.
 */
export function buyerSide(options: {
  stateDb: string;
  store: EventStore;
  blobs: BlobStore;
  clock: Clock;
  tenants: TenantDirectory;
  /** Seals the reception mailboxes' passwords, as the tenants' secrets. */
  masterKey: Uint8Array;
  trustedDianPem: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
}): BuyerSide {
  const index = new SqliteReceivedInvoiceIndex(options.stateDb);
  const mailboxStore = new SqliteReceptionMailboxStore(options.stateDb, createSecretBox(options.masterKey));
  const checker = createReceivedInvoiceChecker();
  const ports = {
    store: options.store,
    blobs: options.blobs,
    index,
    checker,
    clock: options.clock,
    trustedDianPem: options.trustedDianPem ?? anchorFile(inboxConfigFromEnv(options.env).dianTrustedPemFile),
  };
  const config = inboxConfigFromEnv(options.env);
  const logger = options.logger.child({ service: 'inbox' });
  const mailboxes =
    config.url && config.tenant
      ? [
          {
            tenantId: config.tenant,
            reader: createImapMailboxReader(imapSettings({ ...config, url: config.url }), { logger }),
          },
        ]
      : [];
  const received = createReceivedInvoices(ports);
  return {
    routes: async (scope) => {
      await scope.register(receivedInvoiceRoutes({ received, tenants: options.tenants }));
      await scope.register(receptionMailboxRoute({ mailboxes: mailboxStore, clock: options.clock }));
    },
    received,
    mailboxes: mailboxStore,
    inbox: createInboxPoller({
      ...ports,
      mailboxes,
      registered: mailboxStore,
      tenants: options.tenants,
      logger,
      intervalMs: config.pollIntervalMs,
    }),
    async close() {
      await checker.close();
      await index.close();
      await mailboxStore.close();
    },
  };
}

/** DIAN_TRUSTED_PEM's certificates, when a real DIAN replaces the built-in simulator. */
const anchorFile = (path: string | undefined) => (path ? readFileSync(path, 'utf8') : undefined);
