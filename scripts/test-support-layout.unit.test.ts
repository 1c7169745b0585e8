// Test support has one kind of place under one name: helpers, fixtures, worlds and contract suites
// in `<workspace>/test-support/`, exported to other workspaces as `@fe/<name>/testing`; tests beside
// the code they test or in `<workspace>/test/`, which holds tests only.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');
const workspaceRoot = /^((?:packages|services|apps|examples)\/[^/]+|contracts|bench|scripts|infra)\/(.*)$/;
const isTest = (file: string) => file.endsWith('.test.ts');

/**
 * What is out of place, one line each: `files` are repository-relative, `exportsOf` maps a manifest to its `exports`.
 */
export function layoutProblems(
  files: readonly string[],
  exportsOf: ReadonlyMap<string, Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const [, workspace, inner] = workspaceRoot.exec(file) ?? [];
    if (!workspace || inner === undefined || inner.startsWith('node_modules/')) continue;
    const folders = inner.split('/').slice(0, -1);
    const name = inner.split('/').at(-1) ?? '';
    const supportHere = folders[0] === 'test-support';
    if (folders.includes('testing'))
      problems.push(`${file}: test support lives in ${workspace}/test-support/, not a testing/ folder`);
    else if (folders.slice(1).some((f) => f === 'test' || f === 'test-support'))
      problems.push(
        `${file}: test/ and test-support/ sit at the workspace's root (${workspace}/), not under ${folders[0]}/`,
      );
    else if (folders[0] === 'test' && !isTest(name))
      problems.push(
        `${file}: ${workspace}/test/ holds tests only; helpers and fixtures go to ${workspace}/test-support/`,
      );
    else if (name.endsWith('.contract.ts') && !supportHere)
      problems.push(`${file}: a contract suite is test support: ${workspace}/test-support/`);
    else if (name === 'test-world.ts' || (/world\.ts$/.test(name) && !isTest(name) && !supportHere))
      problems.push(`${file}: a test world lives in ${workspace}/test-support/, named after whose world it is`);
  }
  for (const [manifest, exports] of exportsOf) {
    for (const [key, target] of Object.entries(exports)) {
      const intoTests = target.startsWith('./test-support/') || target.startsWith('./test/');
      if (key === './testing' ? !target.startsWith('./test-support/') : intoTests) {
        problems.push(
          `${manifest}: "${key}": "${target}": test support is exported as "./testing" from ./test-support/`,
        );
      }
    }
  }
  return problems;
}

/** Tracked files and new ones not ignored (a misplaced helper is caught before it is committed), that exist. */
function projectFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\0').filter(Boolean))].filter((file) => existsSync(join(repoRoot, file)));
}

function workspaceExports(files: readonly string[]): Map<string, Record<string, string>> {
  const manifests = files.filter((file) =>
    /^((packages|services|apps|examples)\/[^/]+\/|contracts\/|bench\/)package\.json$/.test(file),
  );
  return new Map(
    manifests.map((file) => [
      file,
      (JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as { exports?: Record<string, string> }).exports ?? {},
    ]),
  );
}

it('names each piece of test support out of place, and lets the convention through', () => {
  const misplaced = [
    'packages/platform/src/testing/event-store.contract.ts',
    'services/portal/src/testing/index.ts',
    'packages/platform-postgres/src/test-support/owned-server.ts',
    'services/signer/src/on-invoice-requested/test-world.ts',
    'services/signer/test-support/test-world.ts',
    'services/ingress/test/note-world.ts',
    'packages/dian-domain/test/fixtures/pinned-documents.json',
    'services/submitter/src/concurrency/tenant-slots.contract.ts',
    'services/renderer/src/on-invoice-verdict/rendering-world.ts',
  ];
  const placed = [
    'packages/platform/test-support/event-store.contract.ts',
    'packages/platform/test-support/reader-follows-appends.unit.test.ts',
    'packages/platform/src/relay/relay.unit.test.ts',
    'services/all-in-one/test-support/suites/invoice-api.ts',
    'services/signer/test-support/signing-world.ts',
    'services/ingress/test/http-edges.int.test.ts',
    'infra/test/servers.int.test.ts',
    'packages/dian-domain/test-support/pinned-documents.json',
    'services/renderer/src/on-invoice-verdict/decide.unit.test.ts',
    'services/ingress/node_modules/x/testing/index.js',
  ];
  const exportsOf = new Map([
    ['packages/platform/package.json', { '.': './src/index.ts', './testing': './test-support/index.ts' }],
    ['packages/tenancy/package.json', { './testing': './src/testing/index.ts' }],
    [
      'packages/dian-domain/package.json',
      { './test-fixtures': './test/fixtures/invoice-cases.ts', './fixtures': './test-support/invoice-cases.ts' },
    ],
  ]);
  const problems = layoutProblems([...misplaced, ...placed], exportsOf);
  expect(problems.map((p) => p.slice(0, p.indexOf(': ')))).toEqual([
    ...misplaced,
    'packages/tenancy/package.json',
    'packages/dian-domain/package.json',
    'packages/dian-domain/package.json',
  ]);
});

it('every workspace keeps its test support in test-support/ and exports it as ./testing', () => {
  const files = projectFiles();
  expect(files.length).toBeGreaterThan(500);
  expect(layoutProblems(files, workspaceExports(files))).toEqual([]);
});
