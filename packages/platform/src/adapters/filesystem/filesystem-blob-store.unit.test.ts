import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedLinks } from '../../links/signed-links.ts';
import { blobStoreContract } from '../../testing/blob-store.contract.ts';
import { FilesystemBlobStore } from './filesystem-blob-store.ts';

// The service serves these links over HTTP (a later issue); here a link is resolved the way that
// route will: parse the URL, verify the signature for the key, read the blob.
blobStoreContract('filesystem', async () => {
  let now = new Date('2026-03-10T15:00:00Z');
  const links = new SignedLinks(randomBytes(32), 'http://127.0.0.1:8080/files');
  const store = new FilesystemBlobStore(mkdtempSync(join(tmpdir(), 'fe-blobs-')), links, () => now);
  const fetchUrl = async (url: string) => {
    const parsed = new URL(url);
    const key = decodeURIComponent(parsed.pathname.replace(/^\/files\//, ''));
    const verdict = links.verify(key, parsed.searchParams.get('expires') ?? undefined, parsed.searchParams.get('signature') ?? undefined, now);
    if (verdict !== 'ok') return { status: verdict === 'expired' ? 410 : 403 };
    return { status: 200, body: (await store.get(key)).bytes };
  };
  return { store, fetchUrl, advance: (seconds: number) => void (now = new Date(now.getTime() + seconds * 1000)) };
});
