// A service that does not run on PostgreSQL never loads pg: the packages that own a port keep
// their PostgreSQL adapter behind a separate entry point (`@fe/<package>/postgres`). Each entry is
// imported in a fresh Node process whose resolve hook records every module file of the pg driver.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');
const owners = [
  'packages/invoice-status',
  'services/submitter',
  'services/ingress',
  'packages/tenancy',
  'services/portal',
];

/** The pg files a fresh process resolved while importing `entry`. */
function pgFilesLoadedBy(entry: string): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) {
      const found = next(specifier, context);
      if (/\\/node_modules\\/(\\.pnpm\\/pg@[^/]+\\/node_modules\\/)?pg\\//.test(found.url)) seen.push(found.url);
      return found;
    } });
    await import(${JSON.stringify(pathToFileURL(resolve(repoRoot, entry)).href)});
    process.stdout.write(JSON.stringify(seen));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

// Two fresh Node processes per package, each loading a package graph: seconds on a busy machine.
describe.each(owners)('%s', { timeout: 60_000 }, (owner) => {
  it('loads no pg through its main entry, and pg through its postgres entry', () => {
    expect(pgFilesLoadedBy(`${owner}/src/index.ts`)).toEqual([]);
    expect(pgFilesLoadedBy(`${owner}/src/adapters/postgres/index.ts`).length).toBeGreaterThan(0);
  });
});
