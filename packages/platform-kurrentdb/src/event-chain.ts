import type { Envelope } from '@fe/contracts';
import { chainDigest, GENESIS_DIGEST } from '@fe/platform';

/**
 * The tamper-evidence chain the SQLite and PostgreSQL stores keep (@fe/platform audit/event-chain.ts),
 * kept here in each event's metadata (`digest`): KurrentDB computes nothing, so the adapter chains
 * from the stream's last digest as it read it, and the append pinned to that revision makes sure
 * no other writer chained from the same one. The envelope's bytes are `JSON.stringify` of it, which
 * is what the client sends and what a read gives back parsed.
 */
export function chainedDigests(stream: string, stored: readonly { digest?: string | undefined; envelope: Envelope }[], appending: readonly Envelope[]): string[] {
  let previous = GENESIS_DIGEST;
  // An event stored without a digest is chained over as it reads, so the new ones still follow from the whole stream.
  stored.forEach((event, version) => {
    previous = event.digest ?? chainDigest(previous, stream, BigInt(version), JSON.stringify(event.envelope));
  });
  return appending.map((envelope, i) => (previous = chainDigest(previous, stream, BigInt(stored.length + i), JSON.stringify(envelope))));
}

/** The digest an event's metadata carries, when it carries one. */
export function digestOf(metadata: unknown): string | undefined {
  const digest = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>).digest : undefined;
  return typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest) ? digest : undefined;
}
