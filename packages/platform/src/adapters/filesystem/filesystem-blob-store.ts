import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PlatformError } from '../../errors.ts';
import type { SignedLinks } from '../../links/signed-links.ts';
import { isValidBlobKey, type BlobStore, type StoredBlob } from '../../ports/blob-store.ts';

/**
 * Blobs as files under a root folder (the embedded shape; the service serves them under
 * `/files`). A write goes to a temporary file that is renamed into place, so a reader never sees
 * a partial file, and a crash leaves either the old blob or the new one. The content type is kept
 * in a sidecar `.type` file.
 */
export class FilesystemBlobStore implements BlobStore {
  private readonly root: string;
  private readonly links: SignedLinks;
  private readonly now: () => Date;

  constructor(root: string, links: SignedLinks, now: () => Date = () => new Date()) {
    this.root = root;
    this.links = links;
    this.now = now;
  }

  async put(key: string, bytes: Uint8Array | string, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await atomicWrite(`${path}.type`, contentType);
    await atomicWrite(path, bytes);
  }

  async get(key: string): Promise<StoredBlob> {
    const path = this.path(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { bytes: new Uint8Array(bytes), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new PlatformError('BLOB_NOT_FOUND', `no blob ${key}`, false);
      throw new PlatformError('STORE_UNAVAILABLE', 'the blob store cannot be read', true, { cause: error });
    }
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(() => true, () => false);
  }

  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    this.path(key);
    return this.links.sign(key, expiresInSeconds, this.now());
  }

  private path(key: string): string {
    // `.type` and `.tmp` names are this adapter's own sidecar and temporary files.
    if (!isValidBlobKey(key) || /\.(type|tmp)$/.test(key)) throw new PlatformError('BLOB_KEY_INVALID', 'invalid blob key', false);
    return join(this.root, key);
  }
}

async function atomicWrite(path: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, data, { flush: true });
  await rename(temporary, path);
}
