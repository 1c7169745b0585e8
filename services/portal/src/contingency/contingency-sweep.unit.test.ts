import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTenant } from '@fe/dian-domain';
import type { UntransmittedInvoice } from '@fe/invoice-status';
import { createRecordingLogger } from '@fe/platform/testing';
import type { TenantProfile } from '@fe/tenancy';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteExpiryWarningStore } from '../adapters/sqlite-expiry-warning-store.ts';
import { contingencyBanner } from '../html/contingency-banner.ts';
import { sweepContingencyDeadlines, type ContingencySweepPorts } from './contingency-sweep.ts';
import { contingencyStanding } from './contingency-words.ts';

const dir = mkdtempSync(join(tmpdir(), 'fe-contingency-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const HOUR = 3_600_000;
const issuedAt = new Date('2027-01-01T15:00:00Z');
/** An invoice issued `hoursAfter` the first, its 48-hour window from then. */
const invoice = (n: number, hoursAfter = 0): UntransmittedInvoice => ({
  invoiceId: `inv-acme-SETP${n}`,
  number: `SETP${n}`,
  transmitBy: new Date(issuedAt.getTime() + (48 + hoursAfter) * HOUR),
});

/** Two portal processes on one portal.sqlite; the queue and the clock where the test puts them. */
function world() {
  const path = join(dir, `portal-${files++}.sqlite`);
  const sent: { to: string; subject: string; text: string }[] = [];
  const clock = { at: issuedAt, now: () => clock.at };
  const queue: { invoices: UntransmittedInvoice[] } = { invoices: [] };
  let failNext = false;
  const logger = createRecordingLogger();
  const ports = (warnings: SqliteExpiryWarningStore): ContingencySweepPorts => ({
    registry: {
      certificateValidities: async () => [{ tenantId: 'acme', generation: 1, notAfter: new Date('2030-01-01') }],
      profile: async (id) => ({ tenant: { ...demoTenant, id } }) as TenantProfile,
    },
    accounts: { confirmedEmailsOf: async () => ['ana@acme.example'] },
    warnings,
    contingency: { alarmHours: 12, untransmitted: async () => [...queue.invoices] },
    mail: {
      send: async (message) => {
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error('421 try later (ana@acme.example)'), { code: 'MAIL_TEMPORARY' });
        }
        sent.push(message);
      },
    },
    clock,
    logger,
    baseUrl: () => 'https://fe.example',
  });
  const one = new SqliteExpiryWarningStore(path);
  const two = new SqliteExpiryWarningStore(path);
  return {
    sent,
    clock,
    queue,
    logger,
    failOnce: () => (failNext = true),
    first: ports(one),
    second: ports(two),
    close: async () => {
      await one.close();
      await two.close();
    },
  };
}

describe('the contingency deadline mail', () => {
  it('waits until less than 12 hours are left, then mails once, whichever process sweeps, however often', async () => {
    const w = world();
    expect(await sweepContingencyDeadlines(w.first)).toBe(0); // nothing pending
    w.queue.invoices = [invoice(1), invoice(2, 1), invoice(3, 2)];
    w.clock.at = new Date(issuedAt.getTime() + 35 * HOUR); // 13 hours left
    expect(await sweepContingencyDeadlines(w.first)).toBe(0);
    w.clock.at = new Date(issuedAt.getTime() + 37 * HOUR); // 11 hours left
    const both = await Promise.all([sweepContingencyDeadlines(w.first), sweepContingencyDeadlines(w.second)]);
    expect(both.sort()).toEqual([0, 1]);
    for (let i = 0; i < 3; i++) expect(await sweepContingencyDeadlines(w.second)).toBe(0);
    w.clock.at = new Date(issuedAt.getTime() + 49 * HOUR); // past the deadline: the same batch, no second mail
    expect(await sweepContingencyDeadlines(w.first)).toBe(0);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]!.to).toBe('ana@acme.example');
    expect(w.sent[0]!.subject).toBe(
      `Facturas de contingencia sin transmitir a la DIAN: la primera vence el 3 de enero de 2027, 10:00 a. m. (${demoTenant.legalName})`.replace(
        ', 10:00',
        ' a las 10:00',
      ),
    );
    expect(w.sent[0]!.text).toContain(
      'Hay 3 facturas de contingencia (tipo 04) que la DIAN aún no ha recibido; la primera, SETP1, debe transmitirse a más tardar el 3 de enero de 2027 a las 10:00 a. m. (hora de Colombia).',
    );
    expect(w.sent[0]!.text).toContain('https://fe.example/admin/invoices?status=pending');
    await w.close();
  });

  it('mails nothing for the rest of a batch as it drains, and a new batch afresh', async () => {
    const w = world();
    w.queue.invoices = [invoice(1), invoice(2, 1)];
    w.clock.at = new Date(issuedAt.getTime() + 40 * HOUR);
    expect(await sweepContingencyDeadlines(w.first)).toBe(1);
    w.queue.invoices = [invoice(1), invoice(2, 1), invoice(4, 2)]; // one more while the outage goes on: it joins
    expect(await sweepContingencyDeadlines(w.second)).toBe(0);
    w.queue.invoices = [invoice(2, 1), invoice(4, 2)]; // DIAN took the first; the next, mailed about, heads the queue
    w.clock.at = new Date(issuedAt.getTime() + 41 * HOUR);
    expect(await sweepContingencyDeadlines(w.first)).toBe(0);
    w.queue.invoices = [invoice(4, 2)]; // the one that joined the batch heads it now
    expect(await sweepContingencyDeadlines(w.first)).toBe(0);
    w.queue.invoices = [invoice(3, 30)]; // a later outage: its first invoice was never mailed about
    w.clock.at = new Date(issuedAt.getTime() + 70 * HOUR);
    expect(await sweepContingencyDeadlines(w.second)).toBe(1);
    expect(w.sent.map((m) => /(SETP\d+)/.exec(m.text)![1])).toEqual(['SETP1', 'SETP3']);
    expect(w.sent[1]!.text).toContain(
      'Hay 1 factura de contingencia (tipo 04) que la DIAN aún no ha recibido: la SETP3',
    );
    await w.close();
  });

  it('gives the batch back when the mail fails, and logs the code, never the address', async () => {
    const w = world();
    w.queue.invoices = [invoice(1), invoice(2)];
    w.clock.at = new Date(issuedAt.getTime() + 40 * HOUR);
    w.failOnce();
    expect(await sweepContingencyDeadlines(w.first)).toBe(0);
    expect(await sweepContingencyDeadlines(w.second)).toBe(1);
    expect(w.sent).toHaveLength(1);
    expect(w.logger.entries.find((e) => e.level === 'error')).toMatchObject({
      message: 'contingency deadline warning not sent',
      fields: { tenant: 'acme', untransmitted: 2, first: 'SETP1', code: 'MAIL_TEMPORARY' },
    });
    expect(w.logger.text()).not.toContain('ana@acme.example');
    await w.close();
  });
});

describe('the contingency banner', () => {
  it('says how many and the earliest deadline, and says so as past once it passed', () => {
    const queue = [invoice(1), invoice(2, 3)];
    const before = contingencyBanner(contingencyStanding(queue, issuedAt)).toString();
    expect(before).toContain('class="notice warning"');
    expect(before).toContain('data-contingency-untransmitted="2"');
    expect(before).toContain(`data-transmit-by="${queue[0]!.transmitBy.toISOString()}"`);
    expect(before).toContain('la primera, SETP1, debe transmitirse a más tardar el 3 de enero de 2027');
    expect(before).toContain('href="/admin/invoices?status=pending"');
    const after = contingencyBanner(contingencyStanding(queue, new Date(issuedAt.getTime() + 49 * HOUR))).toString();
    expect(after).toContain('class="notice expired"');
    expect(after).toContain('debía transmitirse');
    expect(contingencyBanner(contingencyStanding([], issuedAt))).toBe('');
  });
});
