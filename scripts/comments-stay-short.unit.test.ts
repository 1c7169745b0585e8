// Comments say why in a line or two, history goes to commit messages (docs/architecture.md, convention 13).
// The line stops on a comment block longer than MAX_LINES or one that cites an issue number.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');
const MAX_LINES = 9;
/** Blocks allowed past MAX_LINES, by `file:first line text`; each needs a reason a reviewer accepts. */
const allowedLongBlocks: readonly string[] = [];
const issueNumber = /\bissue\s+#?\d+/i;

type CommentBlock = { line: number; length: number; text: string };

/** Runs of `//` lines and `/* … *\/` blocks that open a line, as the reader sees them. */
function commentBlocks(source: string): CommentBlock[] {
  const lines = source.split('\n');
  const blocks: CommentBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const opening = lines[i]!.trim();
    let end = -1;
    if (opening.startsWith('/*')) {
      end = i;
      while (end < lines.length - 1 && !lines[end]!.includes('*/')) end++;
    } else if (opening.startsWith('//')) {
      end = i;
      while (end < lines.length - 1 && lines[end + 1]!.trim().startsWith('//')) end++;
    }
    if (end < 0) continue;
    blocks.push({ line: i + 1, length: end - i + 1, text: lines.slice(i, end + 1).join('\n') });
    i = end;
  }
  return blocks;
}

/** What is wrong with one file's comments, as `file:line why`. */
function commentFindings(file: string, source: string): string[] {
  return commentBlocks(source).flatMap((block) => {
    const found: string[] = [];
    const key = `${file}:${block.text.split('\n')[0]!.trim()}`;
    if (block.length > MAX_LINES && !allowedLongBlocks.includes(key))
      found.push(`${file}:${block.line} ${block.length} lines`);
    if (issueNumber.test(block.text)) found.push(`${file}:${block.line} cites an issue number`);
    return found;
  });
}

/** Tracked .ts/.js files and new ones not ignored, so a long comment is caught before it is committed. */
function sourceFiles(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.ts', '*.js'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  return [...new Set(out.split('\0').filter(Boolean))];
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(join(repoRoot, file), 'utf8');
  } catch {
    return undefined; // deleted in the working tree but still listed
  }
}

describe('comment blocks', () => {
  it('finds a long block, an issue number, and nothing in short comments', () => {
    const slash = '/'.repeat(2);
    const long = [
      '/**',
      ...Array.from({ length: MAX_LINES - 1 }, (_, i) => ` * line ${i}`),
      ' */',
      'export const a = 1;',
    ].join('\n');
    const history = [`${slash} The field came with ${'issue'} 14.`, 'export const b = 2;'].join('\n');
    const short = [`${slash} Why, in one line.`, '/** And a JSDoc line. */', 'export const c = 3;'].join('\n');
    expect(commentFindings('long.ts', long)).toEqual([`long.ts:1 ${MAX_LINES + 1} lines`]);
    expect(commentFindings('history.ts', history)).toEqual(['history.ts:1 cites an issue number']);
    expect(commentFindings('short.ts', short)).toEqual([]);
  });

  it(`no tracked .ts/.js comment runs past ${MAX_LINES} lines or cites an issue number`, () => {
    const findings = sourceFiles().flatMap((file) => {
      const source = readIfPresent(file);
      return source === undefined ? [] : commentFindings(file, source);
    });
    expect(findings).toEqual([]);
  });
});
