import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeTestIdentity } from '../../test-support/in-memory-credential.ts';
import { xadesCodeOf as codeOf } from '../../test-support/error-code.ts';
import { chainFromPem, chainToPem } from './certificate-chain.ts';
import { loadP12 } from './load-p12.ts';

const at = new Date(Date.UTC(2026, 5, 1));

describe('the public chain kept beside a sealed .p12', () => {
  const identity = makeTestIdentity();
  const { chain } = loadP12(identity.p12, identity.password, at);

  it('reads back from its PEM with the very fields loadP12 gives: DER, RFC 4514 names, decimal serial, validity', () => {
    const pem = chainToPem(chain);
    expect(new X509Certificate(pem).raw).toEqual(Buffer.from(chain[0].der)); // OpenSSL reads the same certificate
    expect(chainFromPem(pem)).toEqual(chain);
    expect(chainFromPem(chainToPem([...chain, ...chain]))).toEqual([...chain, ...chain]); // leaf first, order kept
  });

  it('refuses text without a certificate, or a block that is not DER, with P12_UNREADABLE', () => {
    expect(codeOf(() => chainFromPem(''))).toBe('P12_UNREADABLE');
    expect(codeOf(() => chainFromPem('-----BEGIN CERTIFICATE-----\nbm90IGRlcg==\n-----END CERTIFICATE-----\n'))).toBe(
      'P12_UNREADABLE',
    );
  });
});
