/**
 * Signed XML, PDFs and DIAN answers by key (relative paths, no `..`). Links are capabilities: signed, expiring,
 * minted when handed out.
 */
export type StoredBlob = { bytes: Uint8Array; contentType: string };

export interface BlobStore {
  /** Writes atomically: a reader sees the old content or the new one, never a part. */
  put(key: string, bytes: Uint8Array | string, contentType: string): Promise<void>;
  /** Throws PlatformError BLOB_NOT_FOUND. */
  get(key: string): Promise<StoredBlob>;
  exists(key: string): Promise<boolean>;
  /** A link that works until `expiresInSeconds` from now, and not after. */
  signedUrl(key: string, expiresInSeconds: number): Promise<string>;
}

const SEGMENT = /^[A-Za-z0-9_\-.]+$/;

export const isValidBlobKey = (key: string): boolean =>
  key.length > 0 &&
  key.length <= 512 &&
  key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
