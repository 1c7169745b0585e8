import { createHash, createPublicKey, sign, verify } from 'node:crypto';
import type { RecordedEvent } from '../ports/event-store.ts';
import { GENESIS_DIGEST } from './event-chain.ts';
import type { AuditSigningKey } from './signing-key.ts';

/**
 * A signed statement of the store's head (docs/audit.md): through `position`, `events` events whose chain
 * digests fold to `root`. An auditor compares `publicKeyPem` with the key they pinned.
 */
export type AuditCheckpoint = {
  position: bigint;
  events: number;
  root: string;
  signedAt: string;
  publicKeyPem: string;
  /** Ed25519 over `checkpointStatement(...)`, base64. */
  signature: string;
};

/** The store-wide fold: SHA-256 over the previous root, the event's position and its chain digest. */
export function foldRoot(root: string, event: Pick<RecordedEvent, 'position' | 'digest'>): string {
  return createHash('sha256')
    .update(`${root}\n${event.position}\n${event.digest ?? ''}`)
    .digest('hex');
}

export const EMPTY_ROOT = GENESIS_DIGEST;

/** The exact bytes signed: versioned, so a later format can never be read as this one. */
export function checkpointStatement(c: Pick<AuditCheckpoint, 'position' | 'events' | 'root' | 'signedAt'>): Buffer {
  return Buffer.from(`fe-audit-checkpoint/1\n${c.position}\n${c.events}\n${c.root}\n${c.signedAt}`, 'utf8');
}

export function signCheckpoint(
  key: AuditSigningKey,
  fields: Pick<AuditCheckpoint, 'position' | 'events' | 'root' | 'signedAt'>,
): AuditCheckpoint {
  return {
    ...fields,
    publicKeyPem: key.publicKeyPem,
    signature: sign(null, checkpointStatement(fields), key.privateKey).toString('base64'),
  };
}

/** Whether the checkpoint's signature holds under `publicKeyPem` (the pinned key, or its own). */
export function checkpointSignatureHolds(checkpoint: AuditCheckpoint, publicKeyPem = checkpoint.publicKeyPem): boolean {
  try {
    return verify(
      null,
      checkpointStatement(checkpoint),
      createPublicKey(publicKeyPem),
      Buffer.from(checkpoint.signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** Where checkpoints are kept, beside the events. Append-only: a checkpoint is never changed. */
export interface AuditCheckpointStore {
  add(checkpoint: AuditCheckpoint): Promise<void>;
  latest(): Promise<AuditCheckpoint | undefined>;
  /** Every checkpoint, oldest first. */
  all(): Promise<AuditCheckpoint[]>;
  close(): Promise<void>;
}
