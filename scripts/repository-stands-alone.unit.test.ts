// A clone of this repository alone must build, test and document itself: nothing may point at the
// sibling folder the project was researched in, nor at a document that lives only there. DIAN's
// published files live in spec/dian/; the API contract and the house style in docs/api.md and
// docs/architecture.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');
// Built from parts so this file does not match itself: the sibling folder (but not a module such as
// ../shared.ts) and paths into its dian, docs and seed folders.
const folder = 'shared';
const siblingReference = new RegExp(String.raw`\.\./${folder}(?!\.\w|[\w-])|\b${folder}/(?:dian|docs|seed)\b`);

// Two documents outside this repository, named by bare name. A mention must name a file that exists, from the
// repository's root or, for a Markdown link, from the citing file's folder; these never resolve.
const outsideDocuments = ['decisions', 'architecture'];
const documentMention = new RegExp(String.raw`(?<![\w./-])((?:[\w.-]+/)*(?:${outsideDocuments.join('|')})\.md)\b`, 'g');

/** Tracked files and new ones not ignored, so a reference is caught before it is committed. */
function projectFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\0').filter(Boolean))];
}

/** Each project file's lines, skipping files that are gone from the working tree or are folders. */
function* projectLines(mustContain: readonly string[]): Generator<{ file: string; line: string; number: number }> {
  for (const file of projectFiles()) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(repoRoot, file));
    } catch {
      continue; // deleted in the working tree but still listed, or a link to a folder
    }
    if (!mustContain.some((word) => bytes.includes(word))) continue;
    const lines = bytes.toString('utf8').split('\n');
    for (let i = 0; i < lines.length; i++) yield { file, line: lines[i]!, number: i + 1 };
  }
}

function resolvesInRepository(citingFile: string, cited: string): boolean {
  if (existsSync(join(repoRoot, cited))) return true;
  return citingFile.endsWith('.md') && existsSync(join(repoRoot, dirname(citingFile), cited));
}

it('no file of the project refers to a folder beside the repository', () => {
  const hits: string[] = [];
  for (const { file, line, number } of projectLines([folder])) {
    if (siblingReference.test(line)) hits.push(`${file}:${number}: ${line.trim()}`);
  }
  expect(hits).toEqual([]);
});

it('every mention of the API contract or the house style names a document of the repository (docs/api.md, docs/architecture.md)', () => {
  const hits: string[] = [];
  for (const { file, line, number } of projectLines(outsideDocuments.map((name) => `${name}.md`))) {
    for (const [, cited] of line.matchAll(documentMention)) {
      if (!resolvesInRepository(file, cited!)) hits.push(`${file}:${number}: ${cited} — ${line.trim()}`);
    }
  }
  expect(hits).toEqual([]);
});
