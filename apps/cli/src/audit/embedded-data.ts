import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FilesystemBlobStore,
  SignedLinks,
  SqliteAuditCheckpointStore,
  SqliteEventStore,
  type AuditCheckpointStore,
  type BlobStore,
  type EventStore,
} from '@fe/platform';
import { certificatesOf, STORED_IDENTITY_FILE } from '@fe/dian-simulator';
import { SqliteStatusStore, type StatusStore } from '@fe/invoice-status';
import { SqliteReceivedInvoiceIndex, type ReceivedInvoiceIndex } from '@fe/received-invoices';
import { loadOrCreateMasterKey, SqliteTenantDirectory, type TenantDirectory, type TenantRegistry } from '@fe/tenancy';

/**
 * What the audit commands read, from one shape's stores (the embedded data folder, or PostgreSQL and S3:
 * distributed-data.ts).
 */
export type AuditSources = {
  store: EventStore;
  checkpoints: AuditCheckpointStore;
  blobs: Pick<BlobStore, 'get'>;
  /**
   * The tenant registry, for the technical keys (CUFE) and trusted CAs (signatures); absent when it cannot be opened.
   */
  tenants: (Pick<TenantDirectory, 'profile'> & Pick<TenantRegistry, 'trustedCaPems'>) | undefined;
  /**
   * The certificates DIAN's answers must chain to, found with the stores (the built-in simulator's), when there are.
   */
  dianAnchor?: DianAnchor | undefined;
  /** The live status read model (for `fe replay`), when there is one. */
  liveStatus(): StatusStore | undefined;
  /** The live list of received invoices (docs/radian.md, "The buyer's side"), when there is one. */
  liveReceived(): ReceivedInvoiceIndex | undefined;
  close(): Promise<void>;
};

/** PEM certificates that sign DIAN's ApplicationResponses (or issue their certificates), and where they came from. */
export type DianAnchor = { pem: string; source: string };

/**
 * The embedded data folder's stores, opened for reading by the CLI (the service may be running:
 * every file is WAL). Undefined when the folder has no `events.sqlite` (nothing is created).
 */
export function openEmbeddedData(dir: string): AuditSources | undefined {
  const events = join(dir, 'events.sqlite');
  if (!existsSync(events)) return undefined;
  const store = new SqliteEventStore(events);
  const checkpoints = new SqliteAuditCheckpointStore(events);
  // Only `get` is used: links are never minted here, so their key is a throw-away.
  const blobs = new FilesystemBlobStore(join(dir, 'files'), new SignedLinks(randomBytes(32), 'http://127.0.0.1/files'));
  const registry = { path: join(dir, 'tenants.sqlite'), masterKey: join(dir, 'master.key') };
  const tenants =
    existsSync(registry.path) && existsSync(registry.masterKey)
      ? new SqliteTenantDirectory({ path: registry.path, masterKey: loadOrCreateMasterKey(registry.masterKey) })
      : undefined;
  let status: SqliteStatusStore | undefined;
  let received: SqliteReceivedInvoiceIndex | undefined;
  return {
    store,
    checkpoints,
    blobs,
    tenants,
    dianAnchor: simulatorAnchor(join(dir, STORED_IDENTITY_FILE)),
    liveStatus: () =>
      (status ??= existsSync(join(dir, 'status.sqlite'))
        ? new SqliteStatusStore(join(dir, 'status.sqlite'))
        : undefined),
    liveReceived: () =>
      (received ??= existsSync(join(dir, 'state.sqlite'))
        ? new SqliteReceivedInvoiceIndex(join(dir, 'state.sqlite'))
        : undefined),
    async close() {
      await Promise.all([store.close(), checkpoints.close(), tenants?.close(), status?.close(), received?.close()]);
    },
  };
}

/**
 * The built-in simulator's certificate, when the folder's service ran it: only the certificate is kept, the key is not
 * read further.
 */
function simulatorAnchor(file: string): DianAnchor | undefined {
  if (!existsSync(file)) return undefined;
  const certificates = certificatesOf(readFileSync(file, 'utf8'));
  return certificates.length
    ? { pem: certificates.join('\n'), source: `${file} (the built-in DIAN simulator's certificate)` }
    : undefined;
}
