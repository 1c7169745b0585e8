// The admin portal alone in a fastify app, on SQLite files in a fresh folder: what the portal's own HTTP tests drive
// with `inject` (any client address) or over a real port. Confirmation and reset mails land in `outbox`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, FilesystemBlobStore, SignedLinks, SqliteEventStore, type Clock } from '@fe/platform';
import { createOutboxTransport, listOutbox, readMail } from '@fe/mail';
import { SqliteStatusStore } from '@fe/invoice-status';
import { createTenantCommands, SqliteTenantDirectory } from '@fe/tenancy';
import fastify, { type FastifyInstance } from 'fastify';
import { portalConfigFromEnv } from '../src/config.ts';
import { createPortal } from '../src/create-portal.ts';
import type { PortalDeps } from '../src/portal-deps.ts';
import { SqliteAccountStore } from '../src/adapters/sqlite-account-store.ts';
import { SqliteAttemptStore } from '../src/adapters/sqlite-attempt-store.ts';
import { TransportMailSender } from '../src/adapters/transport-mail-sender.ts';
import { statusInvoiceList } from '../src/adapters/invoice-list.ts';

export type PortalApp = {
  app: FastifyInstance;
  registry: SqliteTenantDirectory;
  dir: string;
  accounts: SqliteAccountStore;
  attempts: SqliteAttemptStore;
  /** The texts of the mails sent so far to `to`, oldest first. */
  mailsTo(to: string): string[];
  logs: string[];
  close(): Promise<void>;
};

/** `ports`: the optional ports a test gives the portal (the API it issues through, the contingency queue). */
export async function startPortalApp(
  env: Record<string, string> = {},
  clock?: Clock,
  ports: Pick<PortalDeps, 'issue' | 'contingency'> = {},
): Promise<PortalApp> {
  const dir = mkdtempSync(join(tmpdir(), 'fe-portal-app-'));
  const now = clock ?? { now: () => new Date() };
  const key = new Uint8Array(32).fill(5);
  const registry = new SqliteTenantDirectory({ path: ':memory:', masterKey: key, now: now.now });
  const events = new SqliteEventStore(':memory:', now.now);
  const statusStore = new SqliteStatusStore(':memory:');
  const accounts = new SqliteAccountStore(join(dir, 'portal.sqlite'));
  const attempts = new SqliteAttemptStore(join(dir, 'portal.sqlite'));
  const blobs = new FilesystemBlobStore(join(dir, 'files'), new SignedLinks(key, 'http://127.0.0.1/files'), now.now);
  const config = portalConfigFromEnv(env);
  const logs: string[] = [];
  const app = fastify({ logger: false });
  await app.register(
    createPortal({
      accounts,
      attempts,
      registry,
      commands: createTenantCommands({ registry, events, clock: now }),
      invoices: statusInvoiceList(statusStore, blobs),
      mail: new TransportMailSender(createOutboxTransport(join(dir, 'outbox')), config.mailFrom, now.now),
      clock: now,
      logger: createLogger({ level: 'info', destination: { write: (line: string) => void logs.push(line) } }),
      config,
      csrfKey: key,
      baseUrl: 'http://127.0.0.1',
      ...ports,
    }),
    { prefix: '/admin' },
  );
  await app.ready();
  const outbox = join(dir, 'outbox');
  const mailsTo = (to: string): string[] =>
    existsSync(outbox)
      ? listOutbox(outbox)
          .map((entry) => readMail(readFileSync(entry.file)))
          .filter((mail) => mail.headers.get('to') === to)
          .map((mail) => mail.text)
      : [];
  return {
    app,
    registry,
    dir,
    accounts,
    attempts,
    mailsTo,
    logs,
    async close() {
      await app.close();
      await accounts.close();
      await attempts.close();
      registry.close();
      events.close();
      statusStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
