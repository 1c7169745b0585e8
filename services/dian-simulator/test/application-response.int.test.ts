// The simulator's own ApplicationResponse signature, for each kind of identity it can be given
// (ECDSA P-256 as the default throwaway identity makes, RSA as a GSE-like certificate), checked by
// xmlsec1 and recomputed with the simulator's canonicalizer; plus the throwaway certificates.
import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSoapRequest } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import {
  applicationResponseKeyType,
  createSimulatorDispatcher,
  createStore,
  ephemeralIdentity,
  SERVICE_PATH,
  type SimulatorIdentity,
} from '../src/index.ts';
import { documentC14n } from '../src/verify/c14n.ts';
import { keyUsage } from '../src/verify/key-usage.ts';
import { childElement, parseLightXml, pathElement, textOf, type XmlElement } from '../src/xml/light-xml.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

const ds = 'http://www.w3.org/2000/09/xmldsig#';
const ext = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
let world: TestWorld;
beforeAll(() => {
  world = makeWorld();
});
afterAll(() => world?.cleanup());

/** SendBillSync of a valid invoice through the dispatcher; the decoded ApplicationResponse. */
function applicationResponse(identity: SimulatorIdentity): string {
  const endpoint = `http://127.0.0.1:8081${SERVICE_PATH}`;
  const now = new Date();
  const { zip } = packageForTest(signedInvoice({ credential: world.tenant }).xml, now);
  const body = buildSoapRequest(
    'SendBillSync',
    [
      ['fileName', zip.fileName],
      ['contentFile', Buffer.from(zip.content).toString('base64')],
    ],
    {
      credential: world.ws,
      endpoint,
      now,
      ttlSeconds: 300,
    },
  ).body;
  const answer = createSimulatorDispatcher(world.config({}, identity), createStore())(body, endpoint);
  expect(answer.body).toContain('<b:StatusCode>00</b:StatusCode>');
  return Buffer.from(/<b:XmlBase64Bytes>([^<]+)</.exec(answer.body)![1]!, 'base64').toString('utf8');
}

function xmlsec1(xml: string, certificatePem: string): { ok: boolean; output: string } {
  const file = join(world.dir, 'ar.xml');
  const pem = join(world.dir, 'ar-cert.pem');
  writeFileSync(file, xml);
  writeFileSync(pem, certificatePem);
  const r = spawnSync(
    'xmlsec1',
    [
      '--verify',
      '--id-attr:Id',
      'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
      '--id-attr:Id',
      'http://www.w3.org/2000/09/xmldsig#:KeyInfo',
      '--pubkey-cert-pem',
      pem,
      file,
    ],
    { encoding: 'utf8' },
  );
  const output = `${r.stdout}${r.stderr}`;
  return {
    ok: r.status === 0 && /^OK$/m.test(output) && /SignedInfo References \(ok\/all\): 3\/3/.test(output),
    output,
  };
}

describe('the ApplicationResponse signature', () => {
  const cases: [string, () => SimulatorIdentity, string, RegExp][] = [
    ['an ECDSA P-256 identity', () => world.ecIdentity, 'ecdsa-sha256', /^[A-Za-z0-9+/]{86}==$/],
    ['an RSA-2048 identity', () => world.identity, 'rsa-sha256', /^[A-Za-z0-9+/=]{344}$/],
    [
      'the throwaway identity (ECDSA P-256)',
      () => ephemeralIdentity(new Date()),
      'ecdsa-sha256',
      /^[A-Za-z0-9+/]{86}==$/,
    ],
    [
      'the throwaway identity made RSA',
      () => ephemeralIdentity(new Date(), 'rsa'),
      'rsa-sha256',
      /^[A-Za-z0-9+/=]{344}$/,
    ],
  ];
  for (const [name, identityOf, method, value] of cases) {
    it(`verifies with xmlsec1 and the simulator's own C14N: ${name}`, () => {
      const identity = identityOf();
      const ar = applicationResponse(identity);
      const verified = xmlsec1(ar, identity.certificatePem);
      expect(verified.ok, verified.output).toBe(true);

      const document = parseLightXml(ar);
      const signature = pathElement(
        document.root,
        [ext, 'UBLExtensions'],
        [ext, 'UBLExtension'],
        [ext, 'ExtensionContent'],
        [ds, 'Signature'],
      )!;
      const signedInfo = childElement(signature, ds, 'SignedInfo')!;
      expect(childElement(signedInfo, ds, 'SignatureMethod')!.attributes[0]!.value).toBe(
        `http://www.w3.org/2001/04/xmldsig-more#${method}`,
      );
      expect(textOf(childElement(signature, ds, 'SignatureValue'))).toMatch(value);
      const documentReference = childElement(signedInfo, ds, 'Reference') as XmlElement;
      expect(createHash('sha256').update(documentC14n(document, signature)).digest('base64')).toBe(
        textOf(childElement(documentReference, ds, 'DigestValue')),
      );
    });
  }

  it('names the key type it signs with', () => {
    expect(applicationResponseKeyType(world.ecIdentity)).toBe('ECDSA P-256');
    expect(applicationResponseKeyType(world.identity)).toBe('RSA-2048');
  });
});

describe('the throwaway identity', () => {
  for (const keyType of ['ec', 'rsa'] as const) {
    it(`is a self-signed ${keyType} certificate with digitalSignature and nonRepudiation, valid now`, () => {
      const now = new Date();
      const identity = ephemeralIdentity(now, keyType);
      const certificate = new X509Certificate(identity.certificatePem);
      expect(certificate.publicKey.asymmetricKeyType).toBe(keyType);
      expect(certificate.verify(certificate.publicKey)).toBe(true);
      expect(keyUsage(certificate)).toEqual({ digitalSignature: true, nonRepudiation: true });
      expect(new Date(certificate.validFrom).getTime()).toBeLessThanOrEqual(now.getTime());
      expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(now.getTime());
      expect(certificate.subject).toContain('CN=Unidad Especial DIAN (simulador)');
      const r = spawnSync('openssl', ['x509', '-noout', '-text'], { input: identity.certificatePem, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Digital Signature, Non Repudiation/);
    });
  }
});
