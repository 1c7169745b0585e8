import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../src/ports/blob-store.ts';

export type FetchedLink = { status: number; body?: Uint8Array; contentType?: string };

/**
 * What every BlobStore adapter must do. A real server's clock cannot be moved, so `mintSecondsAgo` dates links
 * back instead of waiting for them to expire.
 */
export function blobStoreContract(
  name: string,
  factory: () => Promise<{
    store: BlobStore;
    fetchUrl: (url: string) => Promise<FetchedLink>;
    mintSecondsAgo: (seconds: number) => void;
  }>,
): void {
  describe(`BlobStore contract: ${name}`, () => {
    const key = () => `tenant-${Math.random().toString(36).slice(2)}/SETP990000001.xml`;

    it('stores bytes and their content type, and reads them back', async () => {
      const { store } = await factory();
      const k = key();
      const bytes = new TextEncoder().encode('<Invoice>ñ 😀</Invoice>');
      await store.put(k, bytes, 'application/xml');
      expect(await store.exists(k)).toBe(true);
      const blob = await store.get(k);
      expect(Buffer.from(blob.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(blob.contentType).toBe('application/xml');
    });

    it('replaces a blob whole', async () => {
      const { store } = await factory();
      const k = key();
      await store.put(k, 'first version, longer than the second', 'text/plain');
      await store.put(k, 'second', 'text/plain');
      expect(new TextDecoder().decode((await store.get(k)).bytes)).toBe('second');
    });

    it('reports a missing blob with BLOB_NOT_FOUND', async () => {
      const { store } = await factory();
      expect(await store.exists(key())).toBe(false);
      await expect(store.get(key())).rejects.toMatchObject({ code: 'BLOB_NOT_FOUND', retriable: false });
    });

    it.each(['../escape.xml', '/absolute.xml', 'a//b.xml', 'a/./b.xml', 'with space.xml', ''])(
      'refuses the key %j',
      async (bad) => {
        const { store } = await factory();
        await expect(store.put(bad, 'x', 'text/plain')).rejects.toMatchObject({ code: 'BLOB_KEY_INVALID' });
      },
    );

    it('hands out a link that works until it expires, and not after', async () => {
      const { store, fetchUrl, mintSecondsAgo } = await factory();
      const k = key();
      await store.put(k, 'signed xml', 'application/xml');
      const fresh = await fetchUrl(await store.signedUrl(k, 60));
      expect(fresh.status).toBe(200);
      expect(new TextDecoder().decode(fresh.body)).toBe('signed xml');
      expect(fresh.contentType).toBe('application/xml');
      mintSecondsAgo(30);
      expect((await fetchUrl(await store.signedUrl(k, 60))).status).toBe(200); // 30 s left
      mintSecondsAgo(61);
      expect((await fetchUrl(await store.signedUrl(k, 60))).status).toBeGreaterThanOrEqual(400); // expired a second ago
    });

    it('a link cannot be bent to another key', async () => {
      const { store, fetchUrl } = await factory();
      const k = key();
      await store.put(k, 'a', 'text/plain');
      await store.put(`${k}.other`, 'b', 'text/plain');
      const url = await store.signedUrl(k, 60);
      const forged = url.replace(/\?/, '.other?');
      expect((await fetchUrl(forged)).status).toBeGreaterThanOrEqual(400);
    });
  });
}
