import { createHash } from 'node:crypto';

/** The digest a stream's first event chains from. */
export const GENESIS_DIGEST = '0'.repeat(64);

/**
 * One stream's tamper-evidence chain (docs/audit.md): changing, removing or reordering an event breaks every
 * digest after it. PostgreSQL's `append_events` computes the same bytes (migrations/005_event_chain.sql).
 */
export function chainDigest(previous: string, stream: string, version: bigint, envelopeJson: string): string {
  return createHash('sha256').update(`${previous}\n${stream}\n${version}\n${envelopeJson}`, 'utf8').digest('hex');
}
