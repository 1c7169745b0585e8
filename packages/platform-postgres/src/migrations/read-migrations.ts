import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresAdapterError } from '../errors.ts';

export type Migration = { version: number; name: string; sql: string; checksum: string };

/** The package's own migrations, shipped beside src/. */
export const packagedMigrations = fileURLToPath(new URL('../../migrations/', import.meta.url));

const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/**
 * The migrations in `directory`, in version order. A misnamed .sql file or a repeated number is
 * MIGRATION_NAME_INVALID, since it would otherwise be skipped or applied in arbitrary order.
 */
export function readMigrations(directory: string = packagedMigrations): Migration[] {
  const migrations: Migration[] = [];
  for (const file of readdirSync(directory)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const match = FILE_NAME.exec(file);
    if (!match)
      throw new PostgresAdapterError('MIGRATION_NAME_INVALID', `${file}: a migration is named NNN_lower_snake.sql`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version))
      throw new PostgresAdapterError('MIGRATION_NAME_INVALID', `${file}: another migration has number ${match[1]}`);
    const sql = readFileSync(join(directory, file), 'utf8');
    migrations.push({ version, name: match[2]!, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return migrations;
}

/** A package's own migrations under its set name: what `migrate(pool, { schema, ...set })` applies. */
export type MigrationSet = { set: string; migrations: readonly Migration[] };

/**
 * A package's migration set, read from a folder URL beside the adapter so it resolves wherever it is installed.
 */
export function migrationSet(set: string, folder: URL): MigrationSet {
  return { set, migrations: readMigrations(fileURLToPath(folder)) };
}
