import type { Envelope } from '@fe/contracts';
import { chainDigest, GENESIS_DIGEST } from '@fe/platform';

/**
 * The tamper-evidence chain, kept in each event's metadata since KurrentDB computes nothing; the append pinned to
 * the revision read ensures no other writer chained from the same digest.
 */
export function chainedDigests(
  stream: string,
  stored: readonly { digest?: string | undefined; envelope: Envelope }[],
  appending: readonly Envelope[],
): string[] {
  let previous = GENESIS_DIGEST;
  // An event stored without a digest is chained over as it reads, so the new ones still follow from the whole stream.
  stored.forEach((event, version) => {
    previous = event.digest ?? chainDigest(previous, stream, BigInt(version), JSON.stringify(event.envelope));
  });
  return appending.map(
    (envelope, i) => (previous = chainDigest(previous, stream, BigInt(stored.length + i), JSON.stringify(envelope))),
  );
}

/** The digest an event's metadata carries, when it carries one. */
export function digestOf(metadata: unknown): string | undefined {
  const digest =
    typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>).digest : undefined;
  return typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest) ? digest : undefined;
}
