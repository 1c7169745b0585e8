import { createHash } from 'node:crypto';

/** The digest a stream's first event chains from. */
export const GENESIS_DIGEST = '0'.repeat(64);

/**
 * The tamper-evidence chain of one stream (docs/platform.md, "Tamper evidence"): each event's digest
 * is SHA-256 over the previous event's digest, the stream, the version and the envelope exactly as
 * stored, so changing, removing or reordering an event breaks every digest after it. The PostgreSQL
 * store computes the same bytes in `append_events` (migrations/005_event_chain.sql).
 *
 *   chainDigest(GENESIS_DIGEST, 'inv-demo-SETP1', 0n, '{"id":…}') // 64 hex characters
 */
export function chainDigest(previous: string, stream: string, version: bigint, envelopeJson: string): string {
  return createHash('sha256').update(`${previous}\n${stream}\n${version}\n${envelopeJson}`, 'utf8').digest('hex');
}
