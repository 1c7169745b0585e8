// @ts-check
// The boundary rule between workspaces (docs/architecture.md, "Boundaries"), read from where an import lands, so
// a relative path into another workspace is caught as surely as its `@fe/*` name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Composition roots: they wire services together, so they may import any workspace. Everything
 * else under services/ is a service, under packages/ a package.
 */
const compositionRoots = ['services/all-in-one', 'apps/*', 'bench', 'scripts'];

/** `@fe/<name>` → its workspace folder ('services/signer'), read from the package.json files. */
function workspacesByName() {
  /** @type {Map<string, string>} */
  const byName = new Map();
  const folders = [
    'contracts',
    'bench',
    ...['packages', 'services', 'apps', 'examples'].flatMap((parent) =>
      existsSync(join(root, parent)) ? readdirSync(join(root, parent)).map((name) => `${parent}/${name}`) : [],
    ),
  ];
  for (const folder of folders) {
    const manifest = join(root, folder, 'package.json');
    if (existsSync(manifest)) byName.set(JSON.parse(readFileSync(manifest, 'utf8')).name, folder);
  }
  return byName;
}

/**
 * The `@fe/*` names a workspace's manifest declares: an undeclared import works only because pnpm happened to link
 * it, and a `--prod` install would not. Undefined when there is no manifest.
 * @returns {{ name: string, dependencies: Set<string>, devDependencies: Set<string> } | undefined}
 */
function declaredBy(/** @type {string} */ workspace) {
  const manifest = join(root, workspace === 'scripts' ? '' : workspace, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const json = JSON.parse(readFileSync(manifest, 'utf8'));
  const names = (/** @type {Record<string, string> | undefined} */ field) =>
    new Set(Object.keys(field ?? {}).filter((n) => n.startsWith('@fe/')));
  return { name: json.name, dependencies: names(json.dependencies), devDependencies: names(json.devDependencies) };
}

/**
 * Why `from` may not import the workspace package `name` for want of a declaration, or undefined.
 * @param {string} from the importing file, repository-relative
 * @param {string} name the imported package (`@fe/platform`, without a subpath)
 * @param {ReturnType<typeof declaredBy>} declared what the importer's manifest declares (read once per file)
 */
function undeclared(from, name, declared = declaredBy(workspaceOf(from) ?? '')) {
  const source = workspaceOf(from);
  if (!source || !declared || declared.name === name || declared.dependencies.has(name)) return undefined;
  const manifest = source === 'scripts' ? 'package.json' : `${source}/package.json`;
  if (!isTestCode(from)) {
    return declared.devDependencies.has(name)
      ? `${name} is imported by code that runs, but ${manifest} has it only in devDependencies: move it to dependencies`
      : `${name} is imported but ${manifest} does not declare it: add it to dependencies ("workspace:*")`;
  }
  return declared.devDependencies.has(name)
    ? undefined
    : `${name} is imported by tests but ${manifest} does not declare it: add it to devDependencies ("workspace:*")`;
}

/** The workspace folder of a repository-relative path ('services/signer/src/x.ts' → 'services/signer'). */
function workspaceOf(/** @type {string} */ path) {
  const [top, second] = path.split('/');
  if (top === 'packages' || top === 'services' || top === 'apps' || top === 'examples')
    return second && !second.includes('.') ? `${top}/${second}` : undefined;
  if (top === 'contracts' || top === 'bench' || top === 'scripts') return top;
  return undefined;
}

/** @returns {'contracts' | 'package' | 'service' | 'composition' | 'example' | undefined} */
function kindOf(/** @type {string | undefined} */ workspace) {
  if (!workspace) return undefined;
  if (compositionRoots.some((r) => (r.endsWith('/*') ? workspace.startsWith(r.slice(0, -1)) : workspace === r)))
    return 'composition';
  if (workspace === 'contracts') return 'contracts';
  if (workspace.startsWith('packages/')) return 'package';
  if (workspace.startsWith('services/')) return 'service';
  if (workspace.startsWith('examples/')) return 'example';
  return undefined;
}

/** Test code: a test file, or anything under a workspace's `test/` (tests) or `test-support/` (their helpers). */
const isTestCode = (/** @type {string} */ path) => /\.test\.ts$/.test(path) || /\/(test|test-support)\//.test(path);

/**
 * Why `from` may not import `to`, or undefined when it may.
 * @param {string} from the importing file, repository-relative
 * @param {string} to the imported workspace folder
 */
function refusal(from, to) {
  const source = workspaceOf(from);
  if (!source || source === to) return undefined;
  const kind = kindOf(source);
  const target = kindOf(to);
  if (kind === 'composition' || target === 'contracts') return undefined;
  if (kind === 'contracts') return `contracts import no workspace of ours (${to})`;
  if (kind === 'package' && target === 'package') return undefined;
  if (kind === 'service' && target === 'package') return undefined;
  // A service's tests obey the rule too: shared test support lives in a package's `testing` export.
  // A downstream subscriber's example depends on the wire formats alone; its tests may drive the
  // producing side (the relay and the Kafka bus), the other side of the conversation.
  if (kind === 'example')
    return isTestCode(from) && target === 'package'
      ? undefined
      : `an example subscriber depends only on contracts/, not ${to}`;
  if (kind === 'package')
    return `a package never imports a ${target === 'service' ? 'service' : 'composition root'} (${to})`;
  return `a service imports only contracts/ and packages/, not ${to}`;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Services import only contracts/ and packages/; packages never import services (docs/architecture.md).',
    },
    schema: [],
    messages: {
      crossing:
        '{{reason}}: move the shared code into a package, or wire it in a composition root (docs/architecture.md, Boundaries).',
      undeclared: '{{reason}}, then `pnpm install --offline` (docs/architecture.md, Boundaries).',
    },
  },
  create(context) {
    const byName = workspacesByName();
    const file = relative(root, context.filename).split(sep).join('/');
    const source = workspaceOf(file);
    const declared = source ? declaredBy(source) : undefined;
    /** @param {string} specifier */
    const targetOf = (specifier) => {
      const named = /^(@fe\/[^/]+)/.exec(specifier);
      if (named) return byName.get(named[1] ?? '');
      if (!specifier.startsWith('.')) return undefined;
      return workspaceOf(
        relative(root, resolve(dirname(context.filename), specifier))
          .split(sep)
          .join('/'),
      );
    };
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = targetOf(source.value);
      const reason = to && refusal(file, to);
      if (reason) return context.report({ node: source, messageId: 'crossing', data: { reason } });
      const named = /^(@fe\/[^/]+)/.exec(source.value)?.[1];
      const missing = named && to && undeclared(file, named, declared);
      if (missing) context.report({ node: source, messageId: 'undeclared', data: { reason: missing } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'workspace-imports': rule } };
