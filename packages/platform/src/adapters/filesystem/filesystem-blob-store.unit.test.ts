import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SignedLinks } from '../../links/signed-links.ts';
import { blobStoreContract } from '../../../test-support/blob-store.contract.ts';
import { FilesystemBlobStore } from './filesystem-blob-store.ts';

// Resolves a link the way the ingress's GET /files route does: parse the URL, verify the signature
// for the key at the present time, read the blob. The store signs with a clock that may lag.
blobStoreContract('filesystem', async () => {
  const present = new Date('2026-03-10T15:00:00Z');
  let lagSeconds = 0;
  const links = new SignedLinks(randomBytes(32), 'http://127.0.0.1:8080/files');
  const store = new FilesystemBlobStore(
    mkdtempSync(join(tmpdir(), 'fe-blobs-')),
    links,
    () => new Date(present.getTime() - lagSeconds * 1000),
  );
  const fetchUrl = async (url: string) => {
    const parsed = new URL(url);
    const key = decodeURIComponent(parsed.pathname.replace(/^\/files\//, ''));
    const verdict = links.verify(
      key,
      parsed.searchParams.get('expires') ?? undefined,
      parsed.searchParams.get('signature') ?? undefined,
      present,
    );
    if (verdict !== 'ok') return { status: verdict === 'expired' ? 410 : 403 };
    const blob = await store.get(key);
    return { status: 200, body: blob.bytes, contentType: blob.contentType };
  };
  return { store, fetchUrl, mintSecondsAgo: (seconds: number) => void (lagSeconds = seconds) };
});

describe('FilesystemBlobStore specifics', () => {
  const open = (root = mkdtempSync(join(tmpdir(), 'fe-blobs-'))) => ({
    root,
    store: new FilesystemBlobStore(root, new SignedLinks(randomBytes(32), 'http://127.0.0.1/files')),
  });

  it('creates its folders 0700 and its files 0600, sidecars included, whatever the umask (an invoice names its buyer)', async () => {
    const { root, store } = open();
    const previous = process.umask(0o022);
    try {
      await store.put('tenant/2026/a.xml', '<a/>', 'application/xml');
      await store.put('tenant/2026/b.bin', 'x', 'application/x-custom');
    } finally {
      process.umask(previous);
    }
    const mode = (path: string) => statSync(join(root, path)).mode & 0o777;
    expect([mode('tenant'), mode('tenant/2026')]).toEqual([0o700, 0o700]);
    expect([mode('tenant/2026/a.xml'), mode('tenant/2026/b.bin'), mode('tenant/2026/b.bin.type')]).toEqual([
      0o600, 0o600, 0o600,
    ]);
  });

  it('implies the type from the extension and keeps a sidecar only for other types, across a type change', async () => {
    const { root, store } = open();
    await store.put('t/a.xml', '<a/>', 'application/xml');
    expect(existsSync(join(root, 't/a.xml.type'))).toBe(false);
    await store.put('t/a.xml', 'plain', 'text/plain');
    expect(readFileSync(join(root, 't/a.xml.type'), 'utf8')).toBe('text/plain');
    await store.put('t/a.xml', '<b/>', 'application/xml');
    expect(existsSync(join(root, 't/a.xml.type'))).toBe(false);
    const reopened = open(root).store; // nothing cached: read from disk
    expect((await reopened.get('t/a.xml')).contentType).toBe('application/xml');
    await store.put('t/b.bin', 'x', 'application/x-custom');
    expect((await open(root).store.get('t/b.bin')).contentType).toBe('application/x-custom');
  });

  it('serves a recent blob from memory as a copy the caller may change', async () => {
    const { root, store } = open();
    await store.put('t/c.xml', '<c/>', 'application/xml');
    rmSync(join(root, 't/c.xml')); // proves the read below did not touch the disk
    const first = await store.get('t/c.xml');
    first.bytes[0] = 0;
    expect(Buffer.from((await store.get('t/c.xml')).bytes).toString()).toBe('<c/>');
  });

  it('keeps its own copy of what it wrote and read: the caller may change the bytes it gave or got', async () => {
    const { root, store } = open();
    const given = Buffer.from('<d/>');
    await store.put('t/d.xml', given, 'application/xml');
    given[1] = 0x78;
    expect(Buffer.from((await store.get('t/d.xml')).bytes).toString()).toBe('<d/>');
    expect(readFileSync(join(root, 't/d.xml'), 'utf8')).toBe('<d/>');
    const fromDisk = open(root).store;
    const got = await fromDisk.get('t/d.xml');
    got.bytes[1] = 0x78;
    rmSync(join(root, 't/d.xml')); // the next read is the cache's
    expect(Buffer.from((await fromDisk.get('t/d.xml')).bytes).toString()).toBe('<d/>');
  });
});
