// A cycle between workspaces (pnpm's "cyclic workspace dependencies") stops the line: the graph of
// every package.json's workspace dependencies has none.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');

type Manifest = { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

/** Every workspace's manifest, from the folders pnpm-workspace.yaml lists (`dir` or `dir/*`). */
function workspaceManifests(): Manifest[] {
  const listed =
    /^packages:\n((?:[ \t]+-.*\n)+)/m.exec(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8'))?.[1] ?? '';
  const packages = listed
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*-\s*/, '')
        .replace(/^['"]|['"]$/g, '')
        .trim(),
    )
    .filter(Boolean);
  const folders = packages.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(repoRoot, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => join(pattern.slice(0, -2), d.name))
      : [pattern],
  );
  return folders
    .map((folder) => join(repoRoot, folder, 'package.json'))
    .filter(existsSync)
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Manifest);
}

/** Workspace name → the workspace names it depends on (dependencies and devDependencies). */
export function workspaceGraph(manifests: readonly Manifest[]): Map<string, string[]> {
  const names = new Set(manifests.map((m) => m.name));
  return new Map(
    manifests.map((m) => [
      m.name,
      Object.keys({ ...m.dependencies, ...m.devDependencies }).filter((dep) => names.has(dep) && dep !== m.name),
    ]),
  );
}

/** One cycle as the path of names that closes it (`[a, b, a]`), or undefined when there is none. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

it('finds a cycle, a self-contained one included, and none in a tree', () => {
  expect(
    findCycle(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
      ]),
    ),
  ).toEqual(['a', 'b', 'c', 'a']);
  expect(
    findCycle(
      new Map([
        ['a', ['b', 'c']],
        ['b', ['c']],
        ['c', []],
      ]),
    ),
  ).toBeUndefined();
});

it('no workspace depends on itself through others', () => {
  const graph = workspaceGraph(workspaceManifests());
  expect(graph.size).toBeGreaterThan(20);
  expect(findCycle(graph)?.join(' -> ')).toBeUndefined();
});
