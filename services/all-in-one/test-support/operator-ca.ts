// A certification entity of the tests' own, as an accredited Colombian CA is to the simulator: a root made with
// openssl, and a company certificate it issues for a NIT, in a .p12 with the root beside it; or a private CA an
// operator's TLS endpoint uses (DIAN_CA_FILE), issuing a server certificate for a loopback address.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type OperatorCa = {
  /** The root's certificate, what the operator puts on the trust list. */
  caFile: string;
  issue(owner: { nit: string; legalName: string }): { p12: Buffer; password: string };
  /** A TLS server certificate for `ip` and its key (PEM), for node:tls / node:https. */
  issueServer(ip: string): { key: Buffer; cert: Buffer };
  close(): void;
};

export function makeOperatorCa(name = 'Certificadora de Pruebas S.A.'): OperatorCa {
  const dir = mkdtempSync(join(tmpdir(), 'fe-operator-ca-'));
  const ssl = (args: string[]) => {
    const run = spawnSync('openssl', args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, OPENSSL_CONF: '/dev/null' },
    });
    if (run.status !== 0) throw new Error(`openssl ${args[0]}: ${run.stderr}`);
  };
  writeFileSync(
    join(dir, 'leaf.ext'),
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
  );
  ssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '30',
    '-subj',
    `/C=CO/O=${name}/CN=Raiz ${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  /** `<name>.key` and `<name>.pem`, signed by the root with the extensions of `extFile`. */
  const signedLeaf = (name: string, subject: string, extFile: string) => {
    ssl([
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
    ]);
    ssl([
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'root.pem',
      '-CAkey',
      'root.key',
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      extFile,
      '-out',
      `${name}.pem`,
    ]);
  };
  let n = 0;
  return {
    caFile: join(dir, 'root.pem'),
    issue(owner) {
      const leaf = `leaf-${++n}`;
      const password = `clave-${owner.nit}-${n}`;
      signedLeaf(leaf, `/C=CO/O=${owner.legalName}/serialNumber=${owner.nit}/CN=${owner.legalName}`, 'leaf.ext');
      ssl([
        'pkcs12',
        '-export',
        '-inkey',
        `${leaf}.key`,
        '-in',
        `${leaf}.pem`,
        '-certfile',
        'root.pem',
        '-passout',
        `pass:${password}`,
        '-out',
        `${leaf}.p12`,
      ]);
      return { p12: readFileSync(join(dir, `${leaf}.p12`)), password };
    },
    issueServer(ip) {
      const name = `server-${++n}`;
      writeFileSync(
        join(dir, `${name}.ext`),
        `basicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:${ip}\n`,
      );
      signedLeaf(name, `/CN=${ip}`, `${name}.ext`);
      return { key: readFileSync(join(dir, `${name}.key`)), cert: readFileSync(join(dir, `${name}.pem`)) };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
