import { readFileSync } from 'node:fs';
import type { SimulatorConfig } from '../config.ts';
import { ephemeralIdentity } from './ephemeral-identity.ts';
import { storedIdentity, storedIdentityPem } from './stored-identity.ts';
import { writeFileOnce } from '@fe/platform';

/**
 * The built-in simulator's identity, made once and kept owner-only, so every AR of the folder is signed by the
 * anchor its answers are checked against (docs/dian-web-service.md, "Trusting DIAN's answers").
 */
export function loadOrCreateSimulatorIdentity(path: string, now: Date): SimulatorConfig['identity'] {
  try {
    return storedIdentity(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Another process starting at the same moment may have written it first: then its identity is the one.
  writeFileOnce(path, storedIdentityPem(ephemeralIdentity(now)));
  return storedIdentity(readFileSync(path, 'utf8'), path);
}
