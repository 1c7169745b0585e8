// Test certificates and keys for the simulator's tests and the bench: the signer's test CA and
// tenant .p12 files (packages/xades/test-support/make-test-certs.sh) plus the simulator's own
// identity, all generated into a temporary directory with openssl. Never committed.
import { spawnSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadP12, type SigningCredential } from '@fe/xades';
import type { WsSecurityCredential } from '@fe/dian-client';
import { simulatorConfig, type SimulatorConfig, type SimulatorIdentity } from '../src/index.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
/** DIAN's published files, kept unchanged in the repository. */
export const dianSpecDir = resolve(repoRoot, 'spec/dian');
const P12_PASSWORD = 'prueba-firma-123';

export type TestWorld = {
  dir: string;
  caPem: string;
  /** tenant.p12 (trusted test CA, digitalSignature + nonRepudiation). */
  tenant: SigningCredential;
  /** The same certificate and key for WS-Security. */
  ws: WsSecurityCredential;
  /** The simulator's own certificate: RSA-2048 (openssl), as a GSE-like certificate. */
  identity: { certificatePem: string; privateKeyPem: string };
  /** The same subject with an ECDSA P-256 key (openssl): the cheaper AR signature. */
  ecIdentity: { certificatePem: string; privateKeyPem: string };
  /** A simulator configuration trusting the test CA; the AR is signed by `identity` unless told otherwise. */
  config(overrides?: Parameters<typeof simulatorConfig>[1], arIdentity?: SimulatorIdentity): SimulatorConfig;
  /** A credential from `<name>.key` + `<name>.pem` in the directory, bypassing the signer's own checks. */
  rawCredential(name: string): SigningCredential;
  cleanup(): void;
};

function run(command: string, args: string[], cwd?: string): void {
  const r = spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 120_000,
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, OPENSSL_CONF: '/dev/null' },
  });
  if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr}`);
}

export function makeWorld(): TestWorld {
  const dir = mkdtempSync(join(tmpdir(), 'dian-sim-'));
  run('bash', [join(repoRoot, 'packages/xades/test-support/make-test-certs.sh'), dir, P12_PASSWORD]);
  // The simulator's own certificate, as DIAN's GSE one: self-signed is enough, clients do not check it.
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'simulator.key',
      '-out',
      'simulator.pem',
      '-days',
      '3650',
      '-subj',
      '/C=CO/O=DIAN simulador/CN=Unidad Especial DIAN (simulador)',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    ],
    dir,
  );
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'simulator-ec.key',
      '-out',
      'simulator-ec.pem',
      '-days',
      '3650',
      '-subj',
      '/C=CO/O=DIAN simulador/CN=Unidad Especial DIAN (simulador)',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    ],
    dir,
  );
  // A certificate from no trusted CA, with the right key usages and the demo NIT: only ZD05 can fail for it.
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'untrusted.key',
      '-out',
      'untrusted.pem',
      '-days',
      '3650',
      '-subj',
      '/C=CO/O=Empresa de Pruebas S.A.S./serialNumber=900123456/CN=untrusted (pruebas)',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    ],
    dir,
  );
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const caPem = read('ca.pem');
  // issueLeaf(name, subject, ca): a signing certificate (the test CA's `signing` extensions) issued by `ca`.
  const issueLeaf = (name: string, subject: string, ca: string) => {
    run(
      'openssl',
      [
        'req',
        '-new',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        subject,
      ],
      dir,
    );
    run(
      'openssl',
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${ca}.pem`,
        '-CAkey',
        `${ca}.key`,
        '-set_serial',
        '0x7E57CAFE00002000',
        '-days',
        '365',
        '-extfile',
        'ca.cnf',
        '-extensions',
        'signing',
        '-out',
        `${name}.pem`,
      ],
      dir,
    );
  };
  // ZE03: trusted, valid, but issued to another company (NIT 900373115).
  issueLeaf('other-company', '/C=CO/O=Otra Empresa S.A.S./serialNumber=900373115/CN=other-company (pruebas)', 'ca');
  // The test invoices' buyer (NIT 900108281), who signs its RADIAN events (test-support/events.ts).
  issueLeaf('buyer', '/C=CO/O=Cliente S.A.S./serialNumber=900108281/CN=buyer (pruebas)', 'ca');
  // ZD06: a CA with the trusted CA's very name but another key; its leaf names the trusted CA as issuer and no chain
  // verifies.
  const caSubject = '/' + new X509Certificate(caPem).subject.split('\n').join('/');
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'impostor-ca.key',
      '-out',
      'impostor-ca.pem',
      '-days',
      '3650',
      '-subj',
      caSubject,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  issueLeaf(
    'impostor-leaf',
    '/C=CO/O=Empresa de Pruebas S.A.S./serialNumber=900123456/CN=impostor-leaf (pruebas)',
    'impostor-ca',
  );
  const tenant = loadP12(readFileSync(join(dir, 'tenant.p12')), P12_PASSWORD, new Date());
  const identity = { certificatePem: read('simulator.pem'), privateKeyPem: read('simulator.key') };
  const ecIdentity = { certificatePem: read('simulator-ec.pem'), privateKeyPem: read('simulator-ec.key') };
  return {
    dir,
    caPem,
    tenant,
    identity,
    ecIdentity,
    ws: { privateKey: tenant.privateKey, certificateDer: tenant.chain[0].der },
    config: (overrides = {}, arIdentity = identity) =>
      simulatorConfig({ identity: arIdentity, trustedCaPems: [caPem] }, overrides),
    rawCredential(name) {
      const cert = new X509Certificate(read(`${name}.pem`));
      return {
        privateKey: createPrivateKey(read(`${name}.key`)),
        chain: [
          {
            der: cert.raw,
            issuerName: cert.issuer.split('\n').reverse().join(','),
            subjectName: cert.subject.split('\n').reverse().join(','),
            serialNumber: BigInt(`0x${cert.serialNumber}`).toString(10),
            // Wide validity: the signer must not refuse, so the simulator's own ZD02 check is what is tested.
            notBefore: new Date(0),
            notAfter: new Date(Date.UTC(2999, 0, 1)),
          },
        ],
      };
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
