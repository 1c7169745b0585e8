import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ephemeralIdentity } from './ephemeral-identity.ts';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSimulatorIdentity } from './load-or-create-identity.ts';

const fileIn = () => join(mkdtempSync(join(tmpdir(), 'fe-sim-id-')), 'dian-simulator-identity.pem');

describe('loadOrCreateSimulatorIdentity', () => {
  it('makes the identity once, owner-only, and gives the same one to every later start', () => {
    const file = fileIn();
    const first = loadOrCreateSimulatorIdentity(file, new Date());
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSimulatorIdentity(file, new Date())).toEqual(first);
  });

  it('refuses a file that is not a key with its certificate, naming the file and never its content', () => {
    const file = fileIn();
    const [a, b] = [ephemeralIdentity(new Date()), ephemeralIdentity(new Date())];
    for (const content of ['not a pem', `${a.privateKeyPem}${b.certificatePem}`]) {
      writeFileSync(file, content);
      let caught: unknown;
      try {
        loadOrCreateSimulatorIdentity(file, new Date());
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ code: 'SIMULATOR_IDENTITY_INVALID' });
      expect((caught as Error).message).toContain(file);
      expect((caught as Error).message).not.toContain('PRIVATE KEY');
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
  });
});
