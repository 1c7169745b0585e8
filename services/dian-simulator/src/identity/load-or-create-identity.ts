import { readFileSync } from 'node:fs';
import type { SimulatorConfig } from '../config.ts';
import { ephemeralIdentity } from './ephemeral-identity.ts';
import { storedIdentity, storedIdentityPem } from './stored-identity.ts';
import { writeFileOnce } from '@fe/platform';

/**
 * The built-in simulator's signing identity, made at the first start and kept in the data folder
 * (0600, written whole or not at all): every ApplicationResponse of the folder is then signed by one
 * certificate, the anchor its answers are checked against (docs/dian-web-service.md, "Trusting
 * DIAN's answers"). SIMULATOR_IDENTITY_INVALID names the file, never what it holds.
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
