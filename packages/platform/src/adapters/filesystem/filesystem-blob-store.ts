import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PlatformError } from '../../errors.ts';
import type { SignedLinks } from '../../links/signed-links.ts';
import { isValidBlobKey, type BlobStore, type StoredBlob } from '../../ports/blob-store.ts';
import { writeFileWhole } from './file-writer.ts';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only.ts';
import { RecentBlobs } from './recent-blobs.ts';

/** Content types implied by a key's extension: no sidecar file is written for these. */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
};
const RECENT_BYTES = 8 * 1024 * 1024;

/**
 * Blobs as files: written to a temporary name, fsynced, renamed, directory fsynced, so a crash leaves the old
 * blob or the new one and an event never names a missing file. Owner-only: an invoice names its buyer.
 */
export class FilesystemBlobStore implements BlobStore {
  private readonly root: string;
  private readonly links: SignedLinks;
  private readonly now: () => Date;
  private readonly recent = new RecentBlobs(RECENT_BYTES);

  constructor(root: string, links: SignedLinks, now: () => Date = () => new Date()) {
    this.root = root;
    this.links = links;
    this.now = now;
  }

  async put(key: string, bytes: Uint8Array | string, contentType: string): Promise<void> {
    const path = this.path(key);
    this.recent.delete(key); // a failed write below must not leave the previous content cached
    const durable = { mode: OWNER_ONLY_FILE, folderMode: OWNER_ONLY_DIR, durable: true };
    // The sidecar first: a reader never pairs the new bytes with a stale type. A failure is the file system's own
    // (FileWriteError with its errno), as a write on this thread would throw it.
    const sidecar = `${path}.type`;
    if (impliedType(key) !== contentType) await writeFileWhole(sidecar, contentType, durable);
    // One copy, on shared memory: the writer thread reads it without another, and the cache keeps it.
    const kept = sharedCopy(bytes);
    // Written and its folder fsynced before the event naming the blob is appended.
    await writeFileWhole(path, kept, { ...durable, remove: impliedType(key) === contentType ? sidecar : undefined });
    this.recent.keep(key, { bytes: kept, contentType });
  }

  async get(key: string): Promise<StoredBlob> {
    const path = this.path(key);
    const cached = this.recent.get(key);
    if (cached) return cached;
    try {
      const [bytes, sidecar] = await Promise.all([
        readFile(path),
        readFile(`${path}.type`, 'utf8').catch(ignoreMissing),
      ]);
      const contentType = sidecar ?? impliedType(key) ?? 'application/octet-stream';
      this.recent.keep(key, { bytes: new Uint8Array(bytes), contentType }); // a copy: the caller may change its own
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new PlatformError('BLOB_NOT_FOUND', `no blob ${key}`, false);
      throw new PlatformError('STORE_UNAVAILABLE', 'the blob store cannot be read', true, { cause: error });
    }
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    this.path(key);
    return this.links.sign(key, expiresInSeconds, this.now());
  }

  private path(key: string): string {
    // `.type` and `.tmp` names are this adapter's own sidecar and temporary files.
    if (!isValidBlobKey(key) || /\.(type|tmp)$/.test(key))
      throw new PlatformError('BLOB_KEY_INVALID', 'invalid blob key', false);
    return join(this.root, key);
  }
}

const impliedType = (key: string): string | undefined => TYPE_BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1)];

/** Bytes no one else holds, which a worker thread reads where they are (a SharedArrayBuffer crosses uncopied). */
function sharedCopy(bytes: Uint8Array | string): Uint8Array {
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes, 'utf8') : bytes.byteLength;
  const copy = Buffer.from(new SharedArrayBuffer(length));
  if (typeof bytes === 'string') copy.write(bytes, 'utf8');
  else copy.set(bytes);
  return new Uint8Array(copy.buffer);
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
