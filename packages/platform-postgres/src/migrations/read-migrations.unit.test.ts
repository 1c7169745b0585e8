import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMigrations } from './read-migrations.ts';

const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'fe-migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
};

describe('readMigrations', () => {
  it('lists NNN_name.sql files in version order with a checksum of their content, ignoring other files', () => {
    const dir = folder({ '002_b.sql': 'SELECT 2', '001_a.sql': 'SELECT 1', 'README.md': '#' });
    const migrations = readMigrations(dir);
    expect(migrations.map((m) => [m.version, m.name, m.sql])).toEqual([
      [1, 'a', 'SELECT 1'],
      [2, 'b', 'SELECT 2'],
    ]);
    expect(migrations[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(migrations[0]!.checksum).not.toBe(migrations[1]!.checksum);
  });

  it('refuses a .sql file with another name, and two files with one number', () => {
    expect(() => readMigrations(folder({ '1_a.sql': '' }))).toThrow(
      expect.objectContaining({ code: 'MIGRATION_NAME_INVALID' }),
    );
    expect(() => readMigrations(folder({ '001_A-b.sql': '' }))).toThrow(
      expect.objectContaining({ code: 'MIGRATION_NAME_INVALID' }),
    );
    expect(() => readMigrations(folder({ '001_a.sql': '', '001_b.sql': '' }))).toThrow(
      expect.objectContaining({ code: 'MIGRATION_NAME_INVALID' }),
    );
  });

  it("reads the package's own migrations: numbered from 001 without holes", () => {
    const versions = readMigrations().map((m) => m.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });
});
