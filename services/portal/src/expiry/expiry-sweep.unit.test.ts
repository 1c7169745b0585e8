import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTenant } from '@fe/dian-domain';
import { createRecordingLogger } from '@fe/platform/testing';
import type { CertificateValidity, TenantProfile } from '@fe/tenancy';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteExpiryWarningStore } from '../adapters/sqlite-expiry-warning-store.ts';
import { sweepCertificateExpiries, type ExpirySweepPorts } from './expiry-sweep.ts';

const dir = mkdtempSync(join(tmpdir(), 'fe-expiry-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const notAfter = new Date('2027-03-31T23:59:59Z');

/** Two portal processes on one portal.sqlite, one tenant with a confirmed account, the clock where the test puts it. */
function world(options: { validities?: CertificateValidity[]; emails?: string[]; revoked?: () => boolean } = {}) {
  const path = join(dir, `portal-${files++}.sqlite`);
  const sent: { to: string; subject: string; text: string }[] = [];
  const clock = { at: new Date('2027-01-01T00:00:00Z'), now: () => clock.at };
  let failNext = false;
  const logger = createRecordingLogger();
  const validities = options.validities ?? [{ tenantId: 'acme', generation: 1, notAfter }];
  const ports = (warnings: SqliteExpiryWarningStore): ExpirySweepPorts => ({
    registry: {
      certificateValidities: async () => validities,
      profile: async (id) => ({ tenant: { ...demoTenant, id } }) as TenantProfile,
      certificateRevocation: async () =>
        options.revoked?.()
          ? { status: 'revoked', source: 'ocsp', revokedAt: new Date('2027-01-01T00:00:00Z') }
          : { status: 'good', source: 'ocsp' },
    },
    accounts: { confirmedEmailsOf: async () => [...(options.emails ?? ['ana@acme.example'])] },
    warnings,
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

describe('the certificate expiry sweep', () => {
  it('mails nothing while more than 30 days are left, then each threshold once, whichever process sweeps', async () => {
    const w = world();
    expect(await sweepCertificateExpiries(w.first)).toBe(0);

    w.clock.at = new Date('2027-03-05T00:00:00Z'); // 27 days left
    expect(await sweepCertificateExpiries(w.first)).toBe(1);
    expect(await sweepCertificateExpiries(w.second)).toBe(0); // another process, or this one restarted
    expect(await sweepCertificateExpiries(w.first)).toBe(0);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]).toMatchObject({
      to: 'ana@acme.example',
      subject: `Su certificado de firma vence el 31 de marzo de 2027 (${demoTenant.legalName})`,
    });
    expect(w.sent[0]!.text).toContain('vence el 31 de marzo de 2027 a las 6:59 p. m. (hora de Colombia), en 27 días');
    expect(w.sent[0]!.text).toContain('https://fe.example/admin/onboarding/certificate');

    w.clock.at = new Date('2027-03-27T12:00:00Z'); // 5 days left: the 7-day warning
    await Promise.all([sweepCertificateExpiries(w.first), sweepCertificateExpiries(w.second)]);
    w.clock.at = new Date('2027-03-31T06:00:00Z'); // 18 hours left: the 1-day warning
    expect(await sweepCertificateExpiries(w.second)).toBe(1);
    w.clock.at = new Date('2027-04-01T00:00:00Z'); // expired
    expect(await sweepCertificateExpiries(w.first)).toBe(1);
    expect(await sweepCertificateExpiries(w.second)).toBe(0);
    expect(w.sent.map((m) => m.text.match(/en (\d+ días?)|venció/)![0])).toEqual([
      'en 27 días',
      'en 5 días',
      'en 1 día',
      'venció',
    ]);
    expect(w.sent[3]!.subject).toBe(
      `Su certificado de firma venció el 31 de marzo de 2027: ${demoTenant.legalName} no puede facturar`,
    );
    await w.close();
  });

  it('mails only the latest threshold a first sweep finds, and a replaced certificate afresh', async () => {
    const validities = [{ tenantId: 'acme', generation: 1, notAfter }];
    const w = world({ validities });
    w.clock.at = new Date('2027-03-27T12:00:00Z'); // the 30-day warning was never sent: only the 7-day one goes
    expect(await sweepCertificateExpiries(w.first)).toBe(1);
    validities[0] = { tenantId: 'acme', generation: 2, notAfter: new Date('2027-04-02T00:00:00Z') };
    expect(await sweepCertificateExpiries(w.first)).toBe(1); // a new upload that also ends soon
    expect(w.sent.map((m) => m.text.match(/en \d+ días?/)![0])).toEqual(['en 5 días', 'en 6 días']);
    await w.close();
  });

  it('gives a warning whose mail failed back to the next sweep, and logs the code, never the address', async () => {
    const w = world();
    w.clock.at = new Date('2027-03-27T12:00:00Z');
    w.failOnce();
    expect(await sweepCertificateExpiries(w.first)).toBe(0);
    expect(await sweepCertificateExpiries(w.second)).toBe(1);
    expect(w.sent).toHaveLength(1);
    expect(w.logger.entries.find((e) => e.level === 'error')).toMatchObject({
      message: 'certificate expiry warning not sent',
      fields: { tenant: 'acme', threshold: 7, code: 'MAIL_TEMPORARY' },
    });
    expect(w.logger.text()).not.toContain('ana@acme.example');
    await w.close();
  });

  it("mails the company's e-mail when the tenant has no confirmed account (a tenant made by the CLI)", async () => {
    const w = world({ emails: [] });
    w.clock.at = new Date('2027-03-27T12:00:00Z');
    expect(await sweepCertificateExpiries(w.first)).toBe(1);
    expect(w.sent.map((m) => m.to)).toEqual([demoTenant.email]);
    await w.close();
  });

  it('mails a revocation once, in place of the expiry thresholds, and once more for a new upload revoked too', async () => {
    let revoked = false;
    const validities = [{ tenantId: 'acme', generation: 1, notAfter }];
    const w = world({ validities, revoked: () => revoked });
    expect(await sweepCertificateExpiries(w.first)).toBe(0); // 89 days left, not revoked
    revoked = true;
    expect(await sweepCertificateExpiries(w.first)).toBe(1);
    expect(await sweepCertificateExpiries(w.second)).toBe(0);
    w.clock.at = new Date('2027-03-27T12:00:00Z'); // 5 days left: the revocation still stands, no expiry mail
    expect(await sweepCertificateExpiries(w.first)).toBe(0);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]!.subject).toBe(`Su certificado de firma fue revocado: ${demoTenant.legalName} no puede facturar`);
    expect(w.sent[0]!.text).toContain('revocó su certificado de firma digital');
    expect(w.sent[0]!.text).toContain('(regla ZD04)');
    expect(w.sent[0]!.text).toContain('https://fe.example/admin/onboarding/certificate');
    validities[0] = { tenantId: 'acme', generation: 2, notAfter };
    expect(await sweepCertificateExpiries(w.first)).toBe(1);
    await w.close();
  });
});
