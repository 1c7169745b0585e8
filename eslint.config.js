// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from './scripts/lint/workspace-boundaries.js';
import xmlReading from './scripts/lint/no-xml-regex.js';

// Node built-ins that do I/O. The DIAN domain must stay pure: it computes, it never reads,
// writes, listens or spawns. `node:crypto` (hashing) is allowed.
const ioModules = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'dgram',
  'dns',
  'child_process',
  'worker_threads',
  'cluster',
  'tls',
  'readline',
  'process',
  'os',
  'sqlite',
  'stream',
];
const ioPaths = ioModules.flatMap((m) => [m, `node:${m}`]);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.infra/**', 'data/**', 'coverage/**', '**/tmp/**', '.vitest/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Prettier wraps code at 120 columns but not comments; long strings stay whole so they can be searched for.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    // Services import only contracts/ and packages/; packages never import services; composition
    // roots (services/all-in-one, apps/*, bench, scripts) import anything. The roots and the few
    // test-only exceptions are named in the rule's file; scripts/lint/workspace-boundaries.unit.test.ts
    // proves it bites.
    files: ['**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/workspace-imports': 'error' },
  },
  {
    // XML is read through @fe/dian-xml, never with a regular expression; the exempt folders are
    // listed in the rule's file, scripts/lint/no-xml-regex.unit.test.ts proves it bites.
    files: ['**/*.ts'],
    plugins: { xml: xmlReading },
    rules: { 'xml/no-xml-regex': 'error' },
  },
  {
    files: ['packages/dian-domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ioPaths.map((name) => ({
            name,
            message: 'dian-domain is pure: no I/O imports (docs/architecture.md).',
          })),
          patterns: [{ group: ['**/platform/**', '@fe/platform*'], message: 'dian-domain is pure: no adapters.' }],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'dian-domain is pure: configuration arrives as arguments.' },
        { name: 'fetch', message: 'dian-domain is pure: no network.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'time arrives as an argument (the issue instant).' },
        { object: 'Math', property: 'random', message: 'randomness arrives as an argument.' },
      ],
    },
  },
);
