import type { TenantProfile, TenantRegistry } from '@fe/tenancy';
import { XadesError } from '@fe/xades';
import { describe, expect, it } from 'vitest';
import { dianNumberingRanges } from './numbering-ranges.ts';

describe('the portal numbering lookup', () => {
  it('answers a stored certificate that expired since its upload with a sentence, not a fault', async () => {
    const registry = {
      profile: async () => ({}) as TenantProfile,
      credential: async () => {
        throw new XadesError('CERT_EXPIRED', 'valid until yesterday');
      },
    } as unknown as TenantRegistry;
    const ranges = dianNumberingRanges({
      registry,
      endpoints: () => ({ habilitacion: 'http://127.0.0.1:9/', production: 'http://127.0.0.1:9/' }),
      now: () => new Date(),
    });
    const answer = await ranges.lookup('t1');
    expect(answer).toEqual({ ok: false, message: expect.stringMatching(/^El certificado está vencido\..*DIAN/) });
  });
});
