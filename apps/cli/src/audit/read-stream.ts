import { invoiceEventSchema, type InvoiceEvent } from '@fe/contracts';
import {
  filesNamed,
  PlatformError,
  sha256Of,
  type AuditFinding,
  type BlobStore,
  type RecordedEvent,
} from '@fe/platform';

/** A stream as the audit reads it: its events parsed, every file they name read once. */
export type ReadStream = {
  findings: AuditFinding[];
  events: InvoiceEvent[];
  /** The files by key; undefined for one that is not stored (already a FILE_MISSING). */
  files: Map<string, Uint8Array | undefined>;
};

/**
 * Each event against its schema (EVENT_UNREADABLE) and each file it names present with its recorded digest, for any
 * stream: an issued document's or a received invoice's.
 */
export async function readStream(
  stream: string,
  recorded: readonly RecordedEvent[],
  blobs: Pick<BlobStore, 'get'>,
): Promise<ReadStream> {
  const findings: AuditFinding[] = [];
  const events: InvoiceEvent[] = [];
  for (const event of recorded) {
    const parsed = invoiceEventSchema.safeParse(event.envelope);
    if (parsed.success) events.push(parsed.data);
    else
      findings.push({
        code: 'EVENT_UNREADABLE',
        subject: stream,
        detail: `version ${event.version} (${event.envelope.type}) does not match its published schema`,
      });
  }
  const files = new Map<string, Uint8Array | undefined>();
  for (const event of recorded) {
    for (const file of filesNamed(event.envelope)) {
      const bytes = await read(blobs, file.key);
      files.set(file.key, bytes);
      if (!bytes)
        findings.push({
          code: 'FILE_MISSING',
          subject: stream,
          detail: `${event.envelope.type} names ${file.key}, which is not stored`,
        });
      else if (file.sha256 !== undefined && sha256Of(bytes) !== file.sha256) {
        findings.push({
          code: 'FILE_DIGEST_MISMATCH',
          subject: stream,
          detail: `${file.key} no longer has the SHA-256 ${event.envelope.type} recorded`,
        });
      }
    }
  }
  return { findings, events, files };
}

async function read(blobs: Pick<BlobStore, 'get'>, key: string): Promise<Uint8Array | undefined> {
  try {
    return (await blobs.get(key)).bytes;
  } catch (error) {
    if (error instanceof PlatformError && (error.code === 'BLOB_NOT_FOUND' || error.code === 'BLOB_KEY_INVALID'))
      return undefined;
    throw error;
  }
}
