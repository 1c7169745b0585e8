import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { blobFiles, blobTable } from './floor-blobs.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'floor-blobs-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the floor bench's blobs", () => {
  it('blobFiles: each blob is a whole file under its key, no temporary file left', async () => {
    const root = tempDir();
    const blobs = blobFiles(root, 'demo');
    blobs.put('demo/a.xml', Buffer.from('<a/>'));
    blobs.put('demo/b.pdf', Uint8Array.of(1, 2, 3));
    await blobs.durable();
    expect(readdirSync(join(root, 'demo')).sort()).toEqual(['a.xml', 'b.pdf']);
    expect(readFileSync(join(root, 'demo/a.xml'), 'utf8')).toBe('<a/>');
    expect([...readFileSync(join(root, 'demo/b.pdf'))]).toEqual([1, 2, 3]);
  });

  it("blobTable: a batch's blobs are committed once durable() settles, and a second batch's too", async () => {
    const path = join(tempDir(), 'blobs.sqlite');
    const blobs = blobTable(path);
    blobs.put('demo/a.xml', Buffer.from('<a/>'));
    blobs.put('demo/b.pdf', Uint8Array.of(1, 2, 3));
    await blobs.durable();
    blobs.put('demo/c.xml', Buffer.from('<c/>'));
    await blobs.durable();
    const reader = new DatabaseSync(path, { readOnly: true });
    const rows = reader.prepare('SELECT key, bytes FROM blobs ORDER BY key').all() as {
      key: string;
      bytes: Uint8Array;
    }[];
    reader.close();
    blobs.close();
    expect(rows.map((r) => [r.key, [...r.bytes]])).toEqual([
      ['demo/a.xml', [...Buffer.from('<a/>')]],
      ['demo/b.pdf', [1, 2, 3]],
      ['demo/c.xml', [...Buffer.from('<c/>')]],
    ]);
  });
});
