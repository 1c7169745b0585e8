// .p12 files made by OpenSSL 3 (modern and `-legacy`) load through node-forge; each certificate
// problem has its own code. The files come from test-support/make-test-certs.sh, run here.
import { createSecureContext } from 'node:tls';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadP12, XadesError, type XadesErrorCode } from '../src/index.ts';
import { makeTestCerts } from '../test-support/tools.ts';

const PASSWORD = 'prueba-firma-123';
let dir: string;
const p12 = (name: string) => readFileSync(join(dir, `${name}.p12`));
const codeOf = (fn: () => unknown): XadesErrorCode | undefined => {
  try {
    fn();
  } catch (error) {
    if (error instanceof XadesError) return error.code;
    throw error;
  }
  return undefined;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fe-certs-'));
  makeTestCerts(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadP12', () => {
  it.each(['tenant', 'tenant-legacy', 'tenant-rc2', 'tenant-3des'])(
    'loads %s.p12 with its chain, leaf first',
    (name) => {
      const credential = loadP12(p12(name), PASSWORD, new Date());
      expect(credential.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect(credential.chain).toHaveLength(2);
      expect(credential.chain[0].subjectName).toContain('CN=tenant (pruebas)');
      expect(credential.chain[1]?.subjectName).toBe(credential.chain[1]?.issuerName); // the self-signed test CA
      expect(credential.chain[0].issuerName).toBe(
        '1.2.840.113549.1.9.1=#1612636140707275656261732e6578616d706c65,CN=FE Test Root CA,OU=Certificacion de pruebas,O=Firmas & Pruebas\\, S.A.S.,C=CO',
      );
    },
  );

  it("is needed: Node's own TLS refuses the RC2-40 file", () => {
    expect(() => createSecureContext({ pfx: p12('tenant-rc2'), passphrase: PASSWORD })).toThrow();
  });

  it.each<[string, XadesErrorCode]>([
    ['expired', 'CERT_EXPIRED'],
    ['not-yet-valid', 'CERT_NOT_YET_VALID'],
    ['no-digital-signature', 'CERT_NO_DIGITAL_SIGNATURE'],
    ['no-non-repudiation', 'CERT_NO_NON_REPUDIATION'],
    ['rsa1024', 'CERT_KEY_TOO_SMALL'],
    ['no-key', 'P12_NO_PRIVATE_KEY'],
  ])('%s.p12 fails with %s', (name, code) => {
    expect(codeOf(() => loadP12(p12(name), PASSWORD, new Date()))).toBe(code);
  });

  it.each(['tenant', 'tenant-rc2', 'tenant-3des'])(
    '%s.p12 with a wrong password fails with P12_WRONG_PASSWORD, without echoing it',
    (name) => {
      let caught: unknown;
      try {
        loadP12(p12(name), 'clave-equivocada', new Date());
      } catch (error) {
        caught = error;
      }
      expect((caught as XadesError).code).toBe('P12_WRONG_PASSWORD');
      expect(String((caught as Error).message) + String((caught as Error).stack)).not.toContain('clave-equivocada');
    },
  );
});
