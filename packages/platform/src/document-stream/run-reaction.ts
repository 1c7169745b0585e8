import type { Envelope, InvoiceEvent } from '@fe/contracts';
import { isConcurrencyError } from '../errors.ts';
import { loadInvoiceStream } from '../invoice-stream/invoice-stream.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { StreamFold } from './document-state.ts';

type Version = bigint | 'no_stream';

/**
 * What a version conflict means given the reloaded state: another writer did the work ('lost_race'), or what was
 * learned is still a fact to append on top ('append_again', once).
 */
export type ConflictRule<S> = (reloaded: S) => 'lost_race' | 'append_again';

/** What the side effect leaves to record, appended at the version the decision was taken on. */
export type ReactionStep<S = unknown> = {
  events: readonly InvoiceEvent[];
  /**
   * On a version conflict: 'decide_again' (default) reloads and asks decide whether another writer did the work;
   * 'lost_race' when recording claims the work; or the reaction's own rule.
   */
  onConflict?: 'decide_again' | 'lost_race' | ConflictRule<S>;
  /** Runs once the events are recorded, with the stream's next expected version. */
  after?: (nextExpectedVersion: bigint) => Promise<void>;
};

type None<D> = Extract<D, { action: 'none' }>;

export type Reaction<S, D> = {
  store: EventStore;
  stream: string;
  fold: StreamFold<S>;
  /** The stream as the caller already loaded it, to decide on; by default the runner loads it. */
  loaded?: { version: Version; state: S };
  decide: (state: S) => D;
  /** Decisions that need no side effect; by default those whose action is 'none'. */
  isNone?: (decision: D) => boolean;
  /** The side effect of any other decision; undefined when it leaves nothing to record. */
  act: (decision: Exclude<D, { action: 'none' }>, state: S) => Promise<ReactionStep<S> | undefined>;
};

export type ReactionRun<D> =
  | { outcome: 'skipped'; decision: None<D> }
  /** Another writer recorded first; `found` is the version it left. */
  | { outcome: 'lost_race'; decision: D; expected: Version; found: Version }
  /** The side effect ran; `events` are what it recorded (none when it left nothing to record). */
  | { outcome: 'acted'; decision: D; events: readonly InvoiceEvent[] };

/** Loads a stream and folds it into its state. */
export async function loadState<S>(
  store: EventStore,
  stream: string,
  fold: StreamFold<S>,
): Promise<{ version: Version; state: S }> {
  const { version, events } = await loadInvoiceStream(store, stream);
  let state = fold.initialState();
  for (const event of events) state = fold.evolve(state, event);
  return { version, state };
}

/**
 * One reaction to one delivered event: load, decide, act, append at the version loaded. A redelivery decides
 * to do nothing and a lost append race says so; anything thrown goes back to the bus.
 *
 *   await runReaction({ store, stream, fold: documentStream, decide: (s) => decideSigning(event, s), act });
 */
export async function runReaction<S, D>(reaction: Reaction<S, D>): Promise<ReactionRun<D>> {
  const { store, stream, fold, decide } = reaction;
  const isNone = reaction.isNone ?? actionIsNone;
  const loaded = reaction.loaded ?? (await loadState(store, stream, fold));
  const decision = decide(loaded.state);
  if (isNone(decision)) return { outcome: 'skipped', decision: decision as None<D> };
  const step = await reaction.act(decision as Exclude<D, { action: 'none' }>, loaded.state);
  if (!step) return { outcome: 'acted', decision, events: [] };
  const lost = (found: Version): ReactionRun<D> => ({
    outcome: 'lost_race',
    decision,
    expected: loaded.version,
    found,
  });
  let next: bigint;
  try {
    next = await append(store, stream, step.events, loaded.version);
  } catch (error) {
    if (!isConcurrencyError(error)) throw error;
    const rule = step.onConflict ?? 'decide_again';
    if (rule === 'lost_race') return lost(loaded.version);
    const reloaded = await loadState(store, stream, fold);
    if (rule === 'decide_again') {
      if (isNone(decide(reloaded.state))) return lost(reloaded.version);
      throw error;
    }
    if (rule(reloaded.state) === 'lost_race') return lost(reloaded.version);
    next = await append(store, stream, step.events, reloaded.version);
  }
  await step.after?.(next);
  return { outcome: 'acted', decision, events: step.events };
}

// zod types invoice_id as `string | undefined`, Envelope as optional `string` (exactOptionalPropertyTypes).
const append = async (
  store: EventStore,
  stream: string,
  events: readonly InvoiceEvent[],
  expected: Version,
): Promise<bigint> => (await store.append(stream, events as Envelope[], expected)).nextExpectedVersion;

const actionIsNone = (decision: unknown): boolean => (decision as { action?: unknown }).action === 'none';
