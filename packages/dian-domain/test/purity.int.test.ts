import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The domain stays pure because a lint rule says so; this proves the rule bites.
const root = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });
const lint = async (code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}packages/dian-domain/src/probe.ts` });
  return result!.messages.map((m) => m.ruleId);
};

describe('dian-domain purity rule', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';\nexport const f = readFileSync;", 'no-restricted-imports'],
    ["import http from 'http';\nexport const h = http;", 'no-restricted-imports'],
    ["import { spawn } from 'node:child_process';\nexport const s = spawn;", 'no-restricted-imports'],
    ['export const env = process.env.X;', 'no-restricted-globals'],
    ['export const now = Date.now();', 'no-restricted-properties'],
    ['export const r = Math.random();', 'no-restricted-properties'],
  ])('refuses %j', async (code, rule) => {
    expect(await lint(code)).toContain(rule);
  });

  it('allows hashing with node:crypto', async () => {
    expect(await lint("import { createHash } from 'node:crypto';\nexport const h = createHash('sha384');")).toEqual([]);
  });
});
