// Two admin portal instances on one PostgreSQL, as the distributed shape may run them behind a load
// balancer (docs/portal.md, "In the distributed shape"): the login lockout and the form-post limit
// are counted in the shared store, so spreading attempts across instances gains an attacker nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, FilesystemBlobStore, SignedLinks, SqliteEventStore } from '@fe/platform';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { createOutboxTransport } from '@fe/mail';
import { createPortal, portalConfigFromEnv, TransportMailSender } from '@fe/portal';
import { accountStoreMigrations, PostgresAccountStore, PostgresAttemptStore } from '@fe/portal/postgres';
import { SqliteStatusStore } from '@fe/invoice-status';
import { createTenantCommands, SqliteTenantDirectory } from '@fe/tenancy';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { statusInvoiceList } from '@fe/portal';
import { outboxMailsTo } from '../test-support/outbox.ts';
import { errorCodeOf, PortalClient, type PortalAnswer } from '../test-support/portal-client.ts';

const PASSWORD = 'contraseña de prueba larga';
const FAILURES = 3;
const POSTS_PER_MINUTE = 20;
const MAILS_PER_HOUR = 3;
// One instant for the whole file: the one-minute post window cannot end halfway however slow the machine.
const clock = { now: () => new Date('2026-03-10T12:00:00Z') };
const key = new Uint8Array(32).fill(9); // in the distributed shape, derived from the shared master key

describe('two admin portal instances on one PostgreSQL', () => {
  let db: TestSchema;
  let dir: string;
  const apps: FastifyInstance[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  let urls: string[] = [];
  let posts = 0; // throttled posts (login, sign-up, reset) made so far from this test's one address

  beforeAll(async () => {
    db = await freshTestSchema({ sets: [accountStoreMigrations()] });
    dir = mkdtempSync(join(tmpdir(), 'fe-portal-instances-'));
    // What login never reads, shared by both instances; the accounts and attempts each instance reaches through a pool
    // of its own.
    const registry = new SqliteTenantDirectory({ path: ':memory:', masterKey: key, now: clock.now });
    const events = new SqliteEventStore(':memory:', clock.now);
    const statusStore = new SqliteStatusStore(':memory:');
    closers.push(
      () => registry.close(),
      () => events.close(),
      () => statusStore.close(),
    );
    const blobs = new FilesystemBlobStore(
      join(dir, 'files'),
      new SignedLinks(key, 'http://127.0.0.1/files'),
      clock.now,
    );
    const config = portalConfigFromEnv({
      FE_PORTAL_LOGIN_FAILURES: String(FAILURES),
      FE_PORTAL_FORM_POSTS_PER_MINUTE: String(POSTS_PER_MINUTE),
      FE_PORTAL_MAILS_PER_EMAIL_PER_HOUR: String(MAILS_PER_HOUR),
    });
    for (const pool of [db.pool, db.openPool()]) {
      const accounts = new PostgresAccountStore(pool);
      const attempts = new PostgresAttemptStore(pool);
      closers.push(
        () => accounts.close(),
        () => attempts.close(),
      );
      const app = fastify({ logger: false });
      await app.register(
        createPortal({
          accounts,
          attempts,
          registry,
          commands: createTenantCommands({ registry, events, clock }),
          invoices: statusInvoiceList(statusStore, blobs),
          mail: new TransportMailSender(createOutboxTransport(join(dir, 'outbox')), config.mailFrom, clock.now),
          clock,
          logger: createLogger({ level: 'silent' }),
          config,
          csrfKey: key,
          baseUrl: 'http://127.0.0.1',
        }),
        { prefix: '/admin' },
      );
      apps.push(app);
    }
    urls = await Promise.all(apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const close of closers.reverse()) await close();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A new browser on instance `n` (0 or 1). */
  const on = (n: number) => new PortalClient(urls[n]!);
  const login = (n: number, email: string, password: string): Promise<PortalAnswer> => {
    posts++;
    return on(n).post('/admin/login', { email, password });
  };
  const withoutValues = (page: string) => page.replace(/value="[^"]+"/g, '');

  it('locks an account from an address after the configured failures, spread across both instances, even for the right password', async () => {
    posts++;
    await on(0).signUp(dir, 'ana@empresa.example', PASSWORD);
    for (let i = 0; i < FAILURES; i++) {
      const wrong = await login(i % 2, 'ana@empresa.example', 'no es esta');
      expect(errorCodeOf(wrong.text)).toBe('LOGIN_FAILED');
    }
    // Each instance saw fewer than FAILURES of them: counted alone, either would let the right password in.
    for (const n of [0, 1]) {
      const right = await login(n, 'ana@empresa.example', PASSWORD);
      expect(right.status).toBe(401);
      expect(errorCodeOf(right.text)).toBe('LOGIN_FAILED');
    }
  });

  it('answers a locked unknown email exactly as a locked known one', async () => {
    for (let i = 0; i < FAILURES; i++) await login(i % 2, 'nadie@empresa.example', 'no es esta');
    const unknown = await login(1, 'nadie@empresa.example', PASSWORD);
    const known = await login(1, 'ana@empresa.example', PASSWORD);
    expect([unknown.status, errorCodeOf(unknown.text)]).toEqual([401, 'LOGIN_FAILED']);
    expect(withoutValues(unknown.text)).toBe(withoutValues(known.text));
  });

  it('sends one email at most the configured reset mails an hour, whichever instances were asked, and answers alike', async () => {
    const answers: string[] = [];
    for (let i = 0; i <= MAILS_PER_HOUR; i++) {
      posts++;
      const answer = await on(i % 2).post('/admin/password', { email: 'ana@empresa.example' });
      answers.push(`${answer.status} ${answer.headers.get('location')} ${withoutValues(answer.text)}`);
    }
    const resetMails = () =>
      outboxMailsTo(join(dir, 'outbox'), 'ana@empresa.example').filter((mail) =>
        mail.text.includes('/admin/password/new?token='),
      );
    // mailed after the answers; the one over the limit never
    await vi.waitFor(() => expect(resetMails()).toHaveLength(MAILS_PER_HOUR), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(resetMails()).toHaveLength(MAILS_PER_HOUR);
    expect(new Set(answers).size).toBe(1); // the page does not tell that the last mail was not sent
  });

  it('limits the form posts of one address per minute across both instances', async () => {
    expect(posts).toBeLessThan(POSTS_PER_MINUTE);
    const statuses: number[] = [];
    while (posts < POSTS_PER_MINUTE + 1) {
      posts++;
      statuses.push((await on(posts % 2).post('/admin/password', { email: 'x@empresa.example' })).status);
    }
    expect(statuses.at(-1)).toBe(429); // the post over the budget, whichever instance took the others
    expect(statuses.slice(0, -1).every((status) => status === 303)).toBe(true);
  });
});
