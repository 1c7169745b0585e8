import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeTestIdentity } from '../../test-support/index.ts';
import { certificateOf } from './certificate-cache.ts';
import { checkChain } from './check-certificate.ts';

const base64Of = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');

describe('checkChain, judged once per certificate and anchor', () => {
  const one = makeTestIdentity({ bits: 1024 });
  const other = makeTestIdentity({ bits: 1024 });
  const cert = certificateOf(base64Of(one.certPem));

  it('gives each anchor its own verdict, however often it is asked', () => {
    for (let round = 0; round < 3; round++) {
      expect(checkChain(cert, one.certPem, '--trusted')).toMatchObject({
        ok: true,
        detail: 'is a trusted certificate',
      });
      expect(checkChain(cert, other.certPem, '--trusted')).toMatchObject({ ok: false });
      expect(checkChain(cert, `${other.certPem}\n${one.certPem}`, '--trusted')).toMatchObject({ ok: true });
    }
  });

  it('hands out a copy: a caller changing its check does not change the next answer', () => {
    const first = checkChain(cert, one.certPem, '--trusted');
    first.ok = false;
    expect(checkChain(cert, one.certPem, '--trusted').ok).toBe(true);
  });

  it('parses a certificate once, and the same text gives the same certificate', () => {
    const again = certificateOf(base64Of(one.certPem));
    expect(again).toBe(cert);
    expect(again.fingerprint256).toBe(new X509Certificate(one.certPem).fingerprint256);
  });
});
