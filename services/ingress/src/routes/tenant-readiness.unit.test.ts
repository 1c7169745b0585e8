import { demoResolution, demoTenant } from '@fe/dian-domain';
import { createLogger, PlatformError } from '@fe/platform';
import type { CertificateValidity, TenantProfile } from '@fe/tenancy';
import { afterAll, describe, expect, it } from 'vitest';
import { ingressConfigFromEnv } from '../config.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { tenantReadinessRoute } from './tenant-readiness.ts';

const now = new Date('2027-03-26T17:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

/** One tenant per key, each in the state its name says. */
const tenants: Record<
  string,
  {
    certificate?: CertificateValidity;
    resolutions?: boolean;
    outage?: boolean;
    revoked?: boolean;
    caSilent?: boolean;
  }
> = {
  fine: { certificate: { tenantId: 'fine', generation: 1, notAfter: days(60) } },
  soon: { certificate: { tenantId: 'soon', generation: 2, notAfter: days(5) } },
  ended: { certificate: { tenantId: 'ended', generation: 1, notAfter: days(-1.5) } },
  none: {},
  unnumbered: { certificate: { tenantId: 'unnumbered', generation: 1, notAfter: days(20) }, resolutions: false },
  outage: { certificate: { tenantId: 'outage', generation: 1, notAfter: days(60) }, outage: true },
  revoked: { certificate: { tenantId: 'revoked', generation: 1, notAfter: days(60) }, revoked: true },
  silent: { certificate: { tenantId: 'silent', generation: 1, notAfter: days(60) }, caSilent: true },
};
const registry = {
  authenticate: async (key: string) => (key in tenants ? { tenantId: key } : undefined),
  profile: async (id: string) =>
    ({
      tenant: { ...demoTenant, id },
      resolutions: tenants[id]!.resolutions === false ? [] : [demoResolution],
      hasCertificate: tenants[id]!.certificate !== undefined,
    }) as unknown as TenantProfile,
  // Readiness reads the stored chain only: deriving the key here would cost every poll a PKCS#12 derivation.
  credential: async () => {
    throw new Error('the readiness route derived a key');
  },
  certificateRevocation: async (id: string, at: Date) => {
    const state = tenants[id]!;
    if (state.outage) throw new PlatformError('STORE_UNAVAILABLE', 'the registry did not answer', true);
    if (!state.certificate) return undefined;
    if (state.certificate.notAfter < at) throw Object.assign(new Error('expired'), { code: 'CERT_EXPIRED' }); // as XadesError
    if (state.revoked) return { status: 'revoked', source: 'ocsp', revokedAt: days(-1) } as const;
    return state.caSilent
      ? ({ status: 'unknown', reason: 'http://127.0.0.1:9/ocsp: fetch failed' } as const)
      : ({ status: 'good', source: 'ocsp' } as const);
  },
  certificateValidities: async (id?: string) => (tenants[id!]?.certificate ? [tenants[id!]!.certificate!] : []),
};
const app = createHttpApp({
  logger: createLogger({ level: 'silent' }),
  tenants: registry,
  config: ingressConfigFromEnv({}),
  routes: [tenantReadinessRoute({ tenants: registry, clock: { now: () => now } })],
});
afterAll(() => app.close());
const readiness = async (key: string) => {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/v1/service/tenant/readiness',
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: answer.statusCode, body: answer.json() };
};

describe('GET /api/v1/service/tenant/readiness', () => {
  it('stays ready with a warning in Spanish when the CA did not answer whether it is revoked (soft-fail)', async () => {
    expect(await readiness('silent')).toMatchObject({
      status: 200,
      body: {
        status: 'ready_with_warnings',
        missing: [],
        warnings: [{ code: 'CERTIFICATE_REVOCATION_UNKNOWN', message: expect.stringContaining('se sigue firmando') }],
      },
    });
    expect((await readiness('fine')).body.warnings).toEqual([]);
  });

  it('is not ready, saying so with the code, once the CA revoked the certificate (DIAN ZD04)', async () => {
    expect(await readiness('revoked')).toMatchObject({
      status: 200,
      body: {
        status: 'not_ready',
        missing: ['the signing certificate was revoked by its certification authority (CERT_REVOKED, DIAN rule ZD04)'],
        certificate_expires_in_days: 60,
      },
    });
  });

  it('is ready with the days left and no warning beyond 30 days', async () => {
    expect(await readiness('fine')).toEqual({
      status: 200,
      body: {
        status: 'ready',
        missing: [],
        certificate_not_after: days(60).toISOString(),
        certificate_expires_in_days: 60,
        warnings: [],
      },
    });
  });

  it('stays ready within 7 days of the end, with a warning in Spanish naming the date', async () => {
    const { status, body } = await readiness('soon');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ready_with_warnings', missing: [], certificate_expires_in_days: 5 });
    expect(body.warnings).toEqual([
      {
        code: 'CERTIFICATE_EXPIRING',
        threshold_days: 7,
        message: expect.stringContaining('vence el 31 de marzo de 2027 a las 12:00 p. m. (hora de Colombia)'),
      },
    ]);
  });

  it('is not ready once the certificate ended, as a document is refused (TENANT_NOT_READY), with the days since', async () => {
    expect(await readiness('ended')).toEqual({
      status: 200,
      body: {
        status: 'not_ready',
        missing: ['the signing certificate is not valid now'],
        certificate_not_after: days(-1.5).toISOString(),
        certificate_expires_in_days: -1,
        warnings: [],
      },
    });
  });

  it('names what is missing: no certificate, no resolution', async () => {
    expect((await readiness('none')).body).toEqual({
      status: 'not_ready',
      missing: ['no signing certificate on file'],
      warnings: [],
    });
    expect((await readiness('unnumbered')).body).toMatchObject({
      status: 'not_ready',
      missing: ['no numbering resolution on file'],
      certificate_expires_in_days: 20,
      warnings: [{ code: 'CERTIFICATE_EXPIRING', threshold_days: 30 }],
    });
  });

  it('is 503 UNAVAILABLE, not "not ready", when the registry does not answer; 401 without a key', async () => {
    const outage = await readiness('outage');
    expect([outage.status, outage.body.error.code]).toEqual([503, 'UNAVAILABLE']);
    expect((await readiness('nobody')).status).toBe(401);
  });
});
