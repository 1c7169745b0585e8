// `pnpm fe dian-simulator trust add <ca.crl>`: a listed CA's revocation list joins the trust list (one file per CA,
// the newer replacing the older); a list no listed CA signed is refused with its code.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRevocationCa, type RevocationCa } from '@fe/xades/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simulatorTrustCommand, type TrustIo } from '../src/commands/simulator-trust.ts';

let dir: string;
let ca: RevocationCa;
let io: TrustIo;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fe-trust-crl-'));
  ca = await startRevocationCa(join(dir, 'ca'));
  io = {
    readFile: (path) => readFileSync(join(dir, path)),
    trustFolder: () => ({ folder: join(dir, 'trust') }),
    registryCas: async () => [],
  };
}, 60_000);
afterAll(async () => {
  await ca?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it(
  'refuses a CRL before its CA is listed, takes it after, and keeps one list per CA',
  { timeout: 60_000 },
  async () => {
    writeFileSync(join(dir, 'ca.pem'), ca.caPem);
    writeFileSync(join(dir, 'first.crl'), ca.crlPem());
    const early = await simulatorTrustCommand(['add', 'first.crl'], io);
    expect(early).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/^TRUST_CRL_UNKNOWN_CA: /) });
    expect((await simulatorTrustCommand(['add', 'ca.pem'], io)).exitCode).toBe(0);
    const added = await simulatorTrustCommand(['add', 'first.crl'], io);
    expect(added).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('the revocation list of') });
    ca.revoke(ca.issue('revocado', '900123456').serialHex);
    writeFileSync(join(dir, 'second.crl'), ca.crlPem());
    expect((await simulatorTrustCommand(['add', 'second.crl'], io)).exitCode).toBe(0);
    const crls = readdirSync(join(dir, 'trust')).filter((file) => file.endsWith('.crl'));
    expect(crls).toHaveLength(1);
    expect(readFileSync(join(dir, 'trust', crls[0]!), 'utf8')).toBe(ca.crlPem());
  },
);
