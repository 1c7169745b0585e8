// The requests the client builds: each operation's Body payload validates against DIAN's xsd0
// (xmllint), and the WS-Security signature over wsa:To verifies with xmlsec1, from a certificate
// that openssl chains to its CA.
import { spawnSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { descendants, parseXmlTree, textOf } from '@fe/dian-xml';
import {
  buildSoapRequest,
  soapNs,
  type DianOperation,
  type SoapParameter,
  type WsSecurityCredential,
} from '../src/index.ts';
import { localWsdlSchemas } from '../test-support/wsdl-schemas.ts';

const run = (command: string, args: string[], cwd?: string) =>
  spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 60_000,
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, OPENSSL_CONF: '/dev/null' },
  });

let dir: string;
let credential: WsSecurityCredential;
let xsd0: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dian-client-'));
  for (const args of [
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    ],
    [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'leaf.key',
      '-out',
      'leaf.csr',
      '-subj',
      '/O=Empresa de Pruebas/CN=tenant',
    ],
    [
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      '7',
      '-out',
      'leaf.pem',
      '-days',
      '30',
    ],
  ])
    expect(run('openssl', args, dir).status).toBe(0);
  credential = {
    privateKey: createPrivateKey(readFileSync(join(dir, 'leaf.key'))),
    certificateDer: new X509Certificate(readFileSync(join(dir, 'leaf.pem'))).raw,
  };
  xsd0 = localWsdlSchemas();
});

const endpoint = 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc';
const requests: [DianOperation, SoapParameter[]][] = [
  [
    'SendBillSync',
    [
      ['fileName', 'z0900123456000263B023381.zip'],
      ['contentFile', Buffer.from('zip bytes').toString('base64')],
    ],
  ],
  [
    'SendBillAsync',
    [
      ['fileName', 'z.zip'],
      ['contentFile', 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA=='],
    ],
  ],
  [
    'SendTestSetAsync',
    [
      ['fileName', 'z.zip'],
      ['contentFile', 'UEsFBg=='],
      ['testSetId', '6f1a7e4e-0000-4000-8000-000000000000'],
    ],
  ],
  ['GetStatus', [['trackId', 'a'.repeat(96)]]],
  ['GetStatusZip', [['trackId', '358f9538-1f80-4ed5-a3f6-aaa1ef36bebd']]],
  [
    'GetNumberingRange',
    [
      ['accountCode', '900123456'],
      ['accountCodeT', '900123456'],
      ['softwareCode', '00000000-0000-4000-8000-000000000001'],
    ],
  ],
  ['GetXmlByDocumentKey', [['trackId', 'a'.repeat(96)]]],
  ['SendEventUpdateStatus', [['contentFile', Buffer.from('zip bytes').toString('base64')]]],
  ['GetStatusEvent', [['trackId', 'a'.repeat(96)]]],
];
const build = (operation: DianOperation, parameters: SoapParameter[], id = 'test') =>
  buildSoapRequest(operation, parameters, { credential, endpoint, now: new Date(), ttlSeconds: 300, id });

describe('request payloads against the WSDL schema (xmllint)', () => {
  it.each(requests)('%s', (operation, parameters) => {
    const { body, contentType } = build(operation, parameters);
    expect(contentType).toBe(
      `application/soap+xml;charset=UTF-8;action="http://wcf.dian.colombia/IWcfDianCustomerServices/${operation}"`,
    );
    const payload = body
      .slice(body.indexOf(`<wcf:${operation}>`), body.indexOf('</soap:Body>'))
      .replace(`<wcf:${operation}>`, `<wcf:${operation} xmlns:wcf="http://wcf.dian.colombia">`);
    const file = join(dir, `${operation}.xml`);
    writeFileSync(file, payload);
    const r = run('xmllint', ['--noout', '--nonet', '--schema', xsd0, file]);
    expect(r.stderr).toContain('validates');
    expect(r.status).toBe(0);
  });
  it('the checker is live: a misspelled parameter fails', () => {
    const file = join(dir, 'bad.xml');
    writeFileSync(
      file,
      '<wcf:GetStatus xmlns:wcf="http://wcf.dian.colombia"><wcf:trackID>x</wcf:trackID></wcf:GetStatus>',
    );
    expect(run('xmllint', ['--noout', '--nonet', '--schema', xsd0, file]).status).not.toBe(0);
  });
});

describe('the WS-Security signature (xmlsec1)', () => {
  const verify = (body: string, name: string) => {
    const file = join(dir, name);
    writeFileSync(file, body);
    return run('xmlsec1', [
      '--verify',
      '--id-attr:Id',
      'http://www.w3.org/2005/08/addressing:To',
      '--pubkey-cert-pem',
      join(dir, 'token.pem'),
      file,
    ]);
  };
  it('verifies over wsa:To with the certificate of the BinarySecurityToken, which chains to the CA', () => {
    const { body } = build('SendBillSync', requests[0]![1], 'xmlsec');
    const token = textOf(descendants(parseXmlTree(body), soapNs.wsse, 'BinarySecurityToken')[0])!;
    writeFileSync(join(dir, 'token.pem'), new X509Certificate(Buffer.from(token, 'base64')).toString());
    expect(run('openssl', ['verify', '-CAfile', join(dir, 'ca.pem'), join(dir, 'token.pem')]).status).toBe(0);
    const r = verify(body, 'signed.xml');
    expect(`${r.stdout}${r.stderr}`).toMatch(/^OK$/m);
    expect(r.status).toBe(0);
    expect(body).toContain('<ds:Reference URI="#id-to">');
  });
  it('the checker is live: a changed wsa:To fails', () => {
    const { body } = build('GetStatus', requests[3]![1], 'tampered');
    expect(
      verify(body.replace(`>${endpoint}<`, '>https://vpfe.dian.gov.co/WcfDianCustomerServices.svc<'), 'tampered.xml')
        .status,
    ).not.toBe(0);
  });
});
