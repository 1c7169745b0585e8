// The auditor's side of the e2e tests: `pnpm fe` as a fresh process (as an auditor runs it), the
// service's pinned public key, copies of a data folder edited by hand, and the codes a run found.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;

/** What `pnpm fe` runs, without pnpm's own start-up. */
export const fe = (...args: string[]) =>
  spawnSync(process.execPath, ['apps/cli/src/main.ts', ...args], { cwd: root, encoding: 'utf8' });

/** `fe audit public-key` of the data folder, written to a file of its own (kept apart, as an auditor keeps it). */
export function pinnedPublicKey(dataDir: string): { file: string; output: ReturnType<typeof fe> } {
  const output = fe('audit', 'public-key', '--data-dir', dataDir);
  const file = join(mkdtempSync(join(tmpdir(), 'fe-pub-')), 'audit.pub');
  writeFileSync(file, output.stdout);
  return { file, output };
}

/** A copy of the data folder with `edit` applied to it by hand. */
export function tamperedCopy(dataDir: string, edit: (dir: string, db: DatabaseSync) => void): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'fe-tampered-')), 'data');
  cpSync(dataDir, dir, { recursive: true });
  const db = new DatabaseSync(join(dir, 'events.sqlite'));
  edit(dir, db);
  db.close();
  return dir;
}

/** The distinct finding codes of an `fe audit verify` run's output, sorted. */
export const findingCodes = (stdout: string): string[] =>
  [
    ...new Set(
      stdout
        .split('\n')
        .map((l) => /^([A-Z_]+) /.exec(l)?.[1])
        .filter((c): c is string => !!c),
    ),
  ].sort();
