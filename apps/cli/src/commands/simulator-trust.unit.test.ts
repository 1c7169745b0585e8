// `pnpm fe dian-simulator trust …` on a data folder: add, list, remove, each refusal with its code.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDemoCertificates } from '@fe/tenancy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simulatorTrustCommand, type TrustIo } from './simulator-trust.ts';

let dir: string;
let io: TrustIo;
const caPem = makeDemoCertificates({ nit: '900373115', legalName: 'Certificadora S.A.' }, new Date()).caPem;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fe-trust-cli-'));
  mkdirSync(join(dir, 'data'));
  io = {
    readFile: (path) => (path === 'ca.pem' ? Buffer.from(caPem) : readFileSync(join(dir, path))),
    trustFolder: (dataDir) => (dataDir === 'nowhere' ? { missing: dataDir } : { folder: join(dir, 'data', 'trust') }),
    registryCas: async () => [],
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('adds a CA, lists it, and removes it by the fingerprint the list shows', async () => {
  const added = await simulatorTrustCommand(['add', 'ca.pem'], io);
  expect(added.exitCode, added.stderr).toBe(0);
  const listed = await simulatorTrustCommand(['list'], io);
  const fingerprint = /SHA-256 ([0-9A-F:]+)/.exec(listed.stdout)?.[1];
  expect(fingerprint).toBeDefined();
  const removed = await simulatorTrustCommand(['remove', fingerprint!], io);
  expect(removed).toMatchObject({ exitCode: 0, stdout: expect.stringMatching(/^removed .*SHA-256/) });
  expect(removed.stdout).toContain('until its next start');
  expect((await simulatorTrustCommand(['list'], io)).stdout).toContain('(empty)');
  const again = await simulatorTrustCommand(['remove', fingerprint!], io);
  expect(again).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/^TRUST_NOT_LISTED: /) });
});

it('answers its usage for a missing or extra argument, and names the data folder it did not find', async () => {
  for (const args of [['remove'], ['remove', 'a', 'b'], ['drop', 'x'], []])
    expect(await simulatorTrustCommand(args, io)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('trust remove <file | SHA-256>'),
    });
  const missing = await simulatorTrustCommand(['remove', 'x', '--data-dir', 'nowhere'], io);
  expect(missing).toMatchObject({
    exitCode: 1,
    stderr: expect.stringContaining('no service data in nowhere'),
  });
});
