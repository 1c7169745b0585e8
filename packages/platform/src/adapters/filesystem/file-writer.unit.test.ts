import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileWriteError, writeFileWhole } from './file-writer.ts';

const options = { mode: 0o600, folderMode: 0o700, durable: true };

describe('writeFileWhole (the file writer thread)', () => {
  it('writes bytes and text whole, owner-only whatever the umask, and leaves no temporary file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    const previous = process.umask(0o022);
    try {
      await writeFileWhole(join(root, 'a/b/one.bin'), new Uint8Array([1, 2, 3]), options);
      await writeFileWhole(join(root, 'a/b/two.txt'), 'dos ñ', { ...options, durable: false });
    } finally {
      process.umask(previous);
    }
    expect([...readFileSync(join(root, 'a/b/one.bin'))]).toEqual([1, 2, 3]);
    expect(readFileSync(join(root, 'a/b/two.txt'), 'utf8')).toBe('dos ñ');
    expect(statSync(join(root, 'a/b/one.bin')).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'a/b')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(root, 'a/b')).sort()).toEqual(['one.bin', 'two.txt']);
  });

  it('lands every one of many writes sent together, replacing and removing as asked', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    writeFileSync(join(root, 'stale.type'), 'x');
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        writeFileWhole(join(root, `f${i % 50}`), `content ${i}`, { ...options, remove: join(root, 'stale.type') }),
      ),
    );
    expect(readdirSync(root).length).toBe(50);
    expect(readFileSync(join(root, 'f7'), 'utf8')).toMatch(/^content (7|57)$/);
  });

  it('rejects a write that cannot land with its errno, and keeps serving the next ones', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    writeFileSync(join(root, 'file'), 'x');
    const failed = await writeFileWhole(join(root, 'file/inside'), 'y', options).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(FileWriteError);
    expect((failed as FileWriteError).code).toMatch(/^(EEXIST|ENOTDIR)$/);
    await writeFileWhole(join(root, 'after'), 'z', options);
    expect(readFileSync(join(root, 'after'), 'utf8')).toBe('z');
  });

  it('answers each of the writes sent together on its own: one that cannot land fails alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    writeFileSync(join(root, 'file'), 'x');
    const outcomes = await Promise.allSettled([
      writeFileWhole(join(root, 'one'), '1', options),
      writeFileWhole(join(root, 'file/inside'), 'y', options),
      writeFileWhole(join(root, 'two'), '2', options),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(FileWriteError);
    expect(readdirSync(root).sort()).toEqual(['file', 'one', 'two']);
  });

  it('leaves the previous file whole and no temporary when a write fails half-way (a file size limit)', () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    writeFileSync(join(root, 'kept'), 'the previous content');
    // Writes past RLIMIT_FSIZE fail with EFBIG (Node ignores SIGXFSZ): the temporary stops half-way.
    const script = `import { writeFileWhole } from ${JSON.stringify(new URL('./file-writer.ts', import.meta.url).href)};
      const options = { mode: 0o600, folderMode: 0o700, durable: true };
      const outcomes = await Promise.allSettled([
        writeFileWhole(${JSON.stringify(join(root, 'kept'))}, new Uint8Array(1024 * 1024).fill(1), options),
        writeFileWhole(${JSON.stringify(join(root, 'small'))}, 'fits', options),
      ]);
      console.log(JSON.stringify(outcomes.map((o) => o.status === 'rejected' ? o.reason.code : o.status)));`;
    writeFileSync(join(root, 'write.mjs'), script);
    const output = execFileSync(
      'sh',
      ['-c', 'ulimit -f 64 && exec "$0" "$1"', process.execPath, join(root, 'write.mjs')],
      {
        timeout: 60_000,
      },
    );
    expect(JSON.parse(output.toString())).toEqual(['EFBIG', 'fulfilled']);
    expect(readFileSync(join(root, 'kept'), 'utf8')).toBe('the previous content');
    expect(readFileSync(join(root, 'small'), 'utf8')).toBe('fits');
    expect(readdirSync(root).sort()).toEqual(['kept', 'small', 'write.mjs']);
  });

  it('removes the temporary of a write whose rename fails; the others sent with it land', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    mkdirSync(join(root, 'taken/inside'), { recursive: true }); // a folder that is not empty cannot be replaced
    const outcomes = await Promise.allSettled([
      writeFileWhole(join(root, 'one'), '1', options),
      writeFileWhole(join(root, 'taken'), 'x', options),
      writeFileWhole(join(root, 'two'), '2', { ...options, durable: false }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(FileWriteError);
    expect(readdirSync(root).sort()).toEqual(['one', 'taken', 'two']);
    expect(readdirSync(join(root, 'taken'))).toEqual(['inside']);
  });

  it('moves handed-over bytes to the thread instead of copying them; a slice of a shared buffer is copied', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    const whole = new Uint8Array(64 * 1024).fill(7);
    const slice = Buffer.from('a few bytes from the pool');
    await Promise.all([
      writeFileWhole(join(root, 'whole'), whole, { ...options, handOver: true }),
      writeFileWhole(join(root, 'slice'), slice, { ...options, handOver: true }),
    ]);
    expect(whole.byteLength).toBe(0); // moved: nothing left here to copy
    expect(slice.toString()).toBe('a few bytes from the pool');
    expect(readFileSync(join(root, 'whole'))).toEqual(Buffer.alloc(64 * 1024, 7));
    expect(readFileSync(join(root, 'slice'), 'utf8')).toBe('a few bytes from the pool');
  });

  it('makes a folder again when it was removed after the thread made it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    await writeFileWhole(join(root, 'a/one'), '1', options);
    rmSync(join(root, 'a'), { recursive: true });
    await writeFileWhole(join(root, 'a/two'), '2', options);
    expect(readFileSync(join(root, 'a/two'), 'utf8')).toBe('2');
  });

  it('does not keep a process alive once its writes are done', () => {
    const root = mkdtempSync(join(tmpdir(), 'fe-writer-'));
    const script = `import { writeFileWhole } from ${JSON.stringify(new URL('./file-writer.ts', import.meta.url).href)};
      await writeFileWhole(${JSON.stringify(join(root, 'done'))}, 'ok', { mode: 0o600, folderMode: 0o700, durable: true });`;
    writeFileSync(join(root, 'write.mjs'), script);
    execFileSync(process.execPath, [join(root, 'write.mjs')], { timeout: 60_000 });
    expect(readFileSync(join(root, 'done'), 'utf8')).toBe('ok');
  });
});
