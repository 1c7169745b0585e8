import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { expect, it } from 'vitest';
import { openDirectory, sampleTenant, tempDbPath } from '../../test-support/directory.ts';

// The tenants table as version 1 wrote it: the software registration, PIN included, as JSON text.
const VERSION_1_TENANTS = `CREATE TABLE tenants (
  id TEXT PRIMARY KEY, environment TEXT NOT NULL CHECK (environment IN ('1', '2')), tenant TEXT NOT NULL,
  software TEXT NOT NULL, active_resolution_id TEXT, created_at INTEGER NOT NULL);
  CREATE TABLE resolutions (tenant_id TEXT NOT NULL REFERENCES tenants (id), id TEXT NOT NULL, ordinal INTEGER NOT NULL,
  resolution TEXT NOT NULL, PRIMARY KEY (tenant_id, id));
  PRAGMA user_version = 1;`;

function writeVersion1File(path: string, pins: Record<string, string>): DatabaseSync {
  const old = new DatabaseSync(path);
  old.exec('PRAGMA journal_mode = WAL;');
  old.exec(VERSION_1_TENANTS);
  for (const [id, pin] of Object.entries(pins)) {
    const { tenant, software, resolutions, activeResolutionId } = sampleTenant(id);
    old
      .prepare('INSERT INTO tenants VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, '2', JSON.stringify(tenant), JSON.stringify({ ...software, pin }), activeResolutionId ?? null, 0);
    resolutions.forEach((r, i) =>
      old.prepare('INSERT INTO resolutions VALUES (?, ?, ?, ?)').run(id, r.id, i, JSON.stringify(r)),
    );
  }
  return old;
}

const bytesOf = (path: string) =>
  Buffer.concat(['', '-wal'].filter((s) => existsSync(path + s)).map((s) => readFileSync(path + s)));

it('seals the plain software PINs of a version 1 file on open: none left in the file or its -wal, and the profile still has them', async () => {
  const path = tempDbPath();
  const pins = { acme: `pin-${randomBytes(6).toString('hex')}`, beta: `pin-${randomBytes(6).toString('hex')}` };
  // Left open and idle, like a process of the old version: its writes are still in the -wal.
  const old = writeVersion1File(path, pins);
  expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
  expect(bytesOf(path).includes(pins.acme)).toBe(true); // the search works

  const { directory, masterKey } = openDirectory({ path });
  const check = (bytes: Buffer) => {
    expect(bytes.includes('"pin"'), 'a pin field in the file').toBe(false);
    for (const pin of Object.values(pins)) expect(bytes.includes(pin), 'a plain PIN in the file').toBe(false);
    expect(bytes.includes('EMPRESA DEMO')).toBe(true); // the rest of the row is still there
  };
  check(bytesOf(path)); // checkpointed by the migration, while both connections are open
  expect((await directory.profile('acme'))!.software.pin).toBe(pins.acme);
  expect((await directory.profile('beta'))!.software).toEqual({ ...sampleTenant('beta').software, pin: pins.beta });
  await directory.close();
  old.close();
  check(bytesOf(path));

  const again = openDirectory({ path, masterKey }); // migrated once: a reopen finds nothing to move
  expect((await again.directory.profile('acme'))!.software.pin).toBe(pins.acme);
  await again.directory.close();
  const reader = new DatabaseSync(path, { readOnly: true });
  // version 3: the note numbering column; 4: the tacit acceptance setting; 5: contingency; 6: the certificate chain
  // (all added on open too)
  expect((reader.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(6);
  reader.close();
});
