import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import { checkpointSignatureHolds, EMPTY_ROOT, foldRoot, type AuditCheckpoint } from './checkpoint.ts';
import { verifyStreamChain, type AuditFinding } from './verify-chain.ts';

export type StoreVerification = {
  findings: AuditFinding[];
  /** Every stream's events in version order, as read (the per-invoice checks run on them). */
  streams: Map<string, RecordedEvent[]>;
  events: number;
  head: bigint;
  checkpoints: number;
  /** Events after the last checkpoint: held by their streams' chains only, until the next one. */
  uncovered: number;
};

/**
 * The store half of `fe audit verify` (docs/audit.md): every chain, and the refolded root at each checkpoint,
 * whose signature must hold under `pinnedPublicKeyPem`.
 */
export async function verifyEventStore(
  store: Pick<EventStore, 'readAll'>,
  checkpoints: readonly AuditCheckpoint[],
  pinnedPublicKeyPem?: string,
): Promise<StoreVerification> {
  const findings: AuditFinding[] = [];
  for (const checkpoint of checkpoints) {
    const subject = `checkpoint at ${checkpoint.position}`;
    if (pinnedPublicKeyPem !== undefined && normalise(checkpoint.publicKeyPem) !== normalise(pinnedPublicKeyPem)) {
      findings.push({ code: 'CHECKPOINT_KEY_UNKNOWN', subject, detail: 'signed with a key other than the pinned one' });
    }
    if (!checkpointSignatureHolds(checkpoint, pinnedPublicKeyPem)) {
      findings.push({
        code: 'CHECKPOINT_SIGNATURE_INVALID',
        subject,
        detail: 'its signature does not hold over what it states',
      });
    }
  }
  const pending = [...checkpoints].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const streams = new Map<string, RecordedEvent[]>();
  let root = EMPTY_ROOT;
  let events = 0;
  let head = 0n;
  for (;;) {
    const page = await store.readAll({ after: head, limit: 1000 });
    if (page.length === 0) break;
    for (const event of page) {
      let list = streams.get(event.stream);
      if (!list) streams.set(event.stream, (list = []));
      list.push(event);
      root = foldRoot(root, event);
      events++;
      head = event.position;
      while (pending.length && pending[0]!.position <= head) {
        const checkpoint = pending.shift()!;
        if (checkpoint.position < head) {
          findings.push({
            code: 'CHECKPOINT_MISMATCH',
            subject: `checkpoint at ${checkpoint.position}`,
            detail: 'no event is at the position it signed: history before it changed',
          });
        } else if (checkpoint.root !== root || checkpoint.events !== events) {
          findings.push({
            code: 'CHECKPOINT_MISMATCH',
            subject: `checkpoint at ${checkpoint.position}`,
            detail: `it signed ${checkpoint.events} events with root ${checkpoint.root.slice(0, 16)}…; the store now gives ${events} events with root ${root.slice(0, 16)}…`,
          });
        }
      }
    }
  }
  for (const checkpoint of pending) {
    findings.push({
      code: 'CHECKPOINT_AHEAD_OF_STORE',
      subject: `checkpoint at ${checkpoint.position}`,
      detail: `the store ends at ${head}: events it signed are gone`,
    });
  }
  if (checkpoints.length === 0 && events > 0)
    findings.push({ code: 'NO_CHECKPOINT', subject: 'store', detail: `${events} events and no signed checkpoint` });
  // Sorted so a stream's events are in version order even if positions were edited out of it.
  for (const [stream, list] of streams) {
    list.sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
    findings.push(...verifyStreamChain(stream, list));
  }
  const lastSigned = checkpoints.reduce((max, c) => (c.position > max ? c.position : max), 0n);
  const uncovered = [...streams.values()].flat().filter((e) => e.position > lastSigned).length;
  return { findings, streams, events, head, checkpoints: checkpoints.length, uncovered };
}

const normalise = (pem: string) => pem.replace(/\s+/g, '');
