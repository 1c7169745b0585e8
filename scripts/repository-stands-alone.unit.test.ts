// A clone of this repository alone must build, test and document itself: nothing may point at the
// sibling folder the project was researched in. DIAN's published files live in spec/dian/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');
// Built from parts so this file does not match itself: the sibling folder (but not a module such as
// ../shared.ts) and paths into its dian, docs and seed folders.
const folder = 'shared';
const siblingReference = new RegExp(String.raw`\.\./${folder}(?!\.\w|[\w-])|\b${folder}/(?:dian|docs|seed)\b`);

/** Tracked files and new ones not ignored, so a reference is caught before it is committed. */
function projectFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return [...new Set(out.split('\0').filter(Boolean))];
}

it('no file of the project refers to a folder beside the repository', () => {
  const hits: string[] = [];
  for (const file of projectFiles()) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(repoRoot, file));
    } catch {
      continue; // deleted in the working tree but still listed, or a link to a folder
    }
    if (!bytes.includes(folder)) continue;
    bytes.toString('utf8').split('\n').forEach((line, i) => {
      if (siblingReference.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  expect(hits).toEqual([]);
});
