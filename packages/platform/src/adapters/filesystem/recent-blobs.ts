import type { StoredBlob } from '../../ports/blob-store.ts';

/**
 * Recent blobs up to a byte budget: in the embedded shape the submitter and renderer read back what the signer
 * just wrote. Only the owning store fills it, on its own writes, so it is never stale.
 */
export class RecentBlobs {
  private readonly entries = new Map<string, StoredBlob>();
  private bytes = 0;

  private readonly budgetBytes: number;

  constructor(budgetBytes: number) {
    this.budgetBytes = budgetBytes;
  }

  /** A copy: callers may change what they get without touching the cache. */
  get(key: string): StoredBlob | undefined {
    const hit = this.entries.get(key);
    return hit && { bytes: new Uint8Array(hit.bytes), contentType: hit.contentType };
  }

  /** Keeps `blob` as it is: the caller hands its bytes over and never changes them after. */
  keep(key: string, blob: StoredBlob): void {
    this.delete(key);
    if (blob.bytes.byteLength > this.budgetBytes / 4) return; // one large blob must not empty the cache
    this.entries.set(key, blob);
    this.bytes += blob.bytes.byteLength;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes.byteLength;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.byteLength;
  }
}
