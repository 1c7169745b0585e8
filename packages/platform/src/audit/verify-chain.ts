import type { RecordedEvent } from '../ports/event-store.ts';
import { chainDigest, GENESIS_DIGEST } from './event-chain.ts';

/** One difference `fe audit verify` reports: a stable code, where, and what for a person. */
export type AuditFinding = { code: AuditFindingCode; subject: string; detail: string };

export type AuditFindingCode =
  | 'CHAIN_BROKEN'
  | 'CHAIN_MISSING'
  | 'VERSION_GAP'
  | 'CHECKPOINT_SIGNATURE_INVALID'
  | 'CHECKPOINT_MISMATCH'
  | 'CHECKPOINT_KEY_UNKNOWN'
  | 'CHECKPOINT_AHEAD_OF_STORE'
  | 'NO_CHECKPOINT'
  | 'FILE_MISSING'
  | 'FILE_DIGEST_MISMATCH'
  | 'SIGNATURE_INVALID'
  | 'CUFE_MISMATCH'
  | 'APPLICATION_RESPONSE_MISMATCH'
  | 'NUMBERING_GAP'
  | 'EVENT_UNREADABLE'
  /** DIAN's answer is signed by a certificate that does not chain to the pinned DIAN anchor. */
  | 'APPLICATION_RESPONSE_UNTRUSTED'
  /** The live status read model differs from a rebuild from the events (what `fe replay` shows too). */
  | 'READ_MODEL_DIFFERS'
  /** A RADIAN event's stored document says otherwise than the event recorded (code, number, invoice, date, sender). */
  | 'RADIAN_EVENT_MISMATCH'
  /** A RADIAN event's CUDE, recomputed with the software PIN, is not the one its document or its event carries. */
  | 'RADIAN_EVENT_CUDE_MISMATCH'
  /** A RADIAN event without the events it needs before it, or beside one it excludes (docs/radian.md). */
  | 'RADIAN_EVENT_OUT_OF_ORDER'
  /** A RADIAN event's CUDE recorded twice, or an event code that registers once recorded twice on an invoice. */
  | 'RADIAN_EVENT_DUPLICATE'
  /** A received invoice's stored file, checked again, does not give the verdict its import recorded on a check. */
  | 'RECEIVED_INVOICE_CHECK_DIFFERS';

/**
 * Checks one stream's chain in version order: a changed event breaks its own digest, a removed or reordered one
 * the next; the last event is held by the signed checkpoints.
 */
export function verifyStreamChain(stream: string, events: readonly RecordedEvent[]): AuditFinding[] {
  const findings: AuditFinding[] = [];
  let previous = GENESIS_DIGEST;
  events.forEach((event, index) => {
    if (event.version !== BigInt(index)) {
      findings.push({
        code: 'VERSION_GAP',
        subject: stream,
        detail: `event ${event.envelope.id} has version ${event.version}, expected ${index}`,
      });
    }
    if (event.digest === undefined) {
      findings.push({
        code: 'CHAIN_MISSING',
        subject: stream,
        detail: `version ${event.version} carries no chain digest`,
      });
      return;
    }
    const expected = chainDigest(previous, stream, event.version, JSON.stringify(event.envelope));
    if (expected !== event.digest) {
      findings.push({
        code: 'CHAIN_BROKEN',
        subject: stream,
        detail: `version ${event.version} (${event.envelope.type} ${event.envelope.id}): its digest does not follow from the previous event and its content`,
      });
    }
    previous = event.digest;
  });
  return findings;
}
