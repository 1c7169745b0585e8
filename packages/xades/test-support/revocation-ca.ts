import { execFile, execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { join } from 'node:path';

/**
 * A real local CA made with the openssl command (`openssl ca`): its CRL and its OCSP responder (`openssl ocsp`
 * answering each request) served over HTTP on loopback by this process until stop(). The certificates it issues name
 * both (CRL distribution point, AIA OCSP) and carry DIAN's key usages.
 */
export type RevocationCa = {
  dir: string;
  caPem: string;
  crlUrl: string;
  ocspUrl: string;
  /** A signing certificate for `nit` in a .p12 (leaf then CA), naming the CRL and/or the OCSP responder. */
  issue(
    name: string,
    nit: string,
    names?: { crl?: boolean; ocsp?: boolean },
  ): { p12: Buffer; password: string; certificatePem: string; serialHex: string };
  /** Revokes a certificate it issued: the index the responder reads and a new CRL. */
  revoke(serialHex: string): void;
  /** The current CRL, PEM. */
  crlPem(): string;
  /** Stops answering at all (an unreachable CRL and responder). */
  stop(): Promise<void>;
};

const PASSWORD = 'prueba-revocacion-1';
const OCSP_RESPONSE = { 'content-type': 'application/ocsp-response' };

export async function startRevocationCa(dir: string): Promise<RevocationCa> {
  mkdirSync(join(dir, 'db'), { recursive: true });
  // `command` is split on spaces; `tail` holds the arguments that carry spaces of their own.
  const options = { cwd: dir, env: { ...process.env, OPENSSL_CONF: '/dev/null' } };
  const run = (command: string, ...tail: string[]) =>
    execFileSync('openssl', [...command.split(' '), ...tail], options);
  const answer = promisify(execFile);
  writeFileSync(join(dir, 'db/index.txt'), '');
  writeFileSync(join(dir, 'db/serial'), '5EC0DE0000001000\n');
  writeFileSync(join(dir, 'db/crlnumber'), '1000\n');
  writeFileSync(join(dir, 'ca.cnf'), caConfig('http://127.0.0.1/', 'http://127.0.0.1/'));
  run(
    'req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 3650 -sha256 -set_serial 0x5EC0DE0000000001',
    ...['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    ...['-subj', '/C=CO/O=CA de Revocacion de Pruebas/CN=FE Revocation Test CA'],
  );
  const gencrl = () => {
    run('ca -batch -config ca.cnf -gencrl -crldays 1 -out ca.crl.pem');
    run('crl -in ca.crl.pem -outform DER -out ca.crl'); // DER, as CAs publish it
  };

  // One loopback server for both: GET the CRL, POST an OCSP request, answered by `openssl
  // ocsp` itself as a responder (its -port mode would listen on every interface).
  const http: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/ca.crl') {
      const der = readFileSync(join(dir, 'ca.crl'));
      return void response.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(der);
    }
    if (request.method !== 'POST' || request.url !== '/ocsp') return void response.writeHead(404).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      writeFileSync(join(dir, `req-${id}.der`), Buffer.concat(chunks));
      const ocsp = `ocsp -index db/index.txt -rsigner ca.pem -rkey ca.key -CA ca.pem -nmin 5 -reqin req-${id}.der`;
      answer('openssl', [...ocsp.split(' '), '-respout', `resp-${id}.der`], options).then(
        () => response.writeHead(200, OCSP_RESPONSE).end(readFileSync(join(dir, `resp-${id}.der`))),
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const crlUrl = `http://127.0.0.1:${port}/ca.crl`;
  const ocspUrl = `http://127.0.0.1:${port}/ocsp`;
  writeFileSync(join(dir, 'ca.cnf'), caConfig(crlUrl, ocspUrl));
  gencrl();

  return {
    dir,
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    crlUrl,
    ocspUrl,
    issue(name, nit, names = { crl: true, ocsp: true }) {
      const section = names.crl && names.ocsp ? 'both' : names.crl ? 'crl_only' : names.ocsp ? 'ocsp_only' : 'none';
      const subject = `/C=CO/O=${name}/serialNumber=${nit}/CN=${name} (pruebas de revocacion)`;
      run(`req -new -newkey rsa:2048 -nodes -keyout ${name}.key -out ${name}.csr`, '-subj', subject);
      // valid from a day back: a test's clock may stand a little before the issue instant
      const from = new Date(Date.now() - 86_400_000).toISOString().replace(/[-:T]|\.\d+/g, '');
      run(
        `ca -batch -config ca.cnf -extensions ${section} -startdate ${from} -days 365 -in ${name}.csr -out ${name}.pem -notext`,
      );
      run(
        `pkcs12 -export -inkey ${name}.key -in ${name}.pem -certfile ca.pem -out ${name}.p12 -passout pass:${PASSWORD}`,
      );
      const certificatePem = readFileSync(join(dir, `${name}.pem`), 'utf8');
      return {
        p12: readFileSync(join(dir, `${name}.p12`)),
        password: PASSWORD,
        certificatePem,
        serialHex: new X509Certificate(certificatePem).serialNumber,
      };
    },
    revoke(serialHex) {
      run(`ca -batch -config ca.cnf -revoke db/${serialHex.toUpperCase()}.pem -crl_reason keyCompromise`);
      gencrl();
    },
    crlPem: () => readFileSync(join(dir, 'ca.crl.pem'), 'utf8'),
    async stop() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

function caConfig(crlUrl: string, ocspUrl: string): string {
  const usage = 'basicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature, nonRepudiation';
  return `[ca]
default_ca = test
[test]
database = db/index.txt
new_certs_dir = db
certificate = ca.pem
private_key = ca.key
serial = db/serial
crlnumber = db/crlnumber
default_md = sha256
default_crl_days = 1
policy = any
unique_subject = no
copy_extensions = none
[any]
countryName = optional
organizationName = optional
serialNumber = optional
commonName = supplied
[both]
${usage}
crlDistributionPoints = URI:${crlUrl}
authorityInfoAccess = OCSP;URI:${ocspUrl}
[crl_only]
${usage}
crlDistributionPoints = URI:${crlUrl}
[ocsp_only]
${usage}
authorityInfoAccess = OCSP;URI:${ocspUrl}
[none]
${usage}
`;
}
