// A directory on a fresh temporary file with a settable clock, and tenants to register in it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { SqliteTenantDirectory } from '../src/adapters/sqlite-tenant-directory.ts';
import type { NewTenant } from '../src/tenants/new-tenant.ts';

export type TestClock = { now: () => Date; set(at: Date | string): void; advanceHours(hours: number): void };

export function testClock(start: Date | string = '2026-03-10T12:00:00Z'): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current.getTime()),
    set: (at) => void (current = new Date(at)),
    advanceHours: (hours) => void (current = new Date(current.getTime() + hours * 3_600_000)),
  };
}

export function tempDbPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'fe-tenancy-')), 'tenants.db');
}

export function openDirectory(options: { path?: string; masterKey?: Uint8Array; clock?: TestClock } = {}) {
  const path = options.path ?? tempDbPath();
  const masterKey = Buffer.from(options.masterKey ?? randomBytes(32));
  const clock = options.clock ?? testClock();
  return { directory: new SqliteTenantDirectory({ path, masterKey, now: clock.now }), path, masterKey, clock };
}

/** The demo company under another id; environment '2' (habilitación) unless told. */
export function sampleTenant(id = 'acme', environment: '1' | '2' = '2'): NewTenant {
  const second = { ...demoResolution, id: `${id}-fe`, prefix: 'FE', from: '1', to: '5000' };
  return {
    tenant: { ...demoTenant, id },
    environment,
    software: demoSoftware,
    resolutions: [demoResolution, second],
    activeResolutionId: second.id,
  };
}
