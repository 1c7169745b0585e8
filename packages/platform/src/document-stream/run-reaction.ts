import type { Envelope, InvoiceEvent } from '@fe/contracts';
import { isConcurrencyError } from '../errors.ts';
import { loadInvoiceStream } from '../invoice-stream/invoice-stream.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { StreamFold } from './document-state.ts';

/** A decision a reaction may take; `none` means there is nothing to do, with the reason logged. */
export type ReactionDecision = { action: string };

/** What the side effect leaves to record, appended at the version the decision was taken on. */
export type ReactionStep = {
  events: readonly InvoiceEvent[];
  /**
   * On a version conflict: 'decide_again' (the default) reloads and asks decide whether another
   * writer did the work (its decision is `none`: lost_race) or not (the conflict is thrown, the bus
   * redelivers); 'lost_race' when the recorded events claim the work so a conflict always means
   * another writer holds it.
   */
  onConflict?: 'decide_again' | 'lost_race';
  /** Runs once the events are recorded, with the stream's next expected version. */
  after?: (nextExpectedVersion: bigint) => Promise<void>;
};

export type Reaction<S, D extends ReactionDecision> = {
  store: EventStore;
  stream: string;
  fold: StreamFold<S>;
  decide: (state: S) => D;
  /** The side effect for a decision other than `none`; undefined when nothing is left to record. */
  act: (decision: Exclude<D, { action: 'none' }>, state: S) => Promise<ReactionStep | undefined>;
};

export type ReactionRun<D extends ReactionDecision> =
  | { outcome: 'skipped'; decision: Extract<D, { action: 'none' }> }
  | { outcome: 'lost_race'; decision: D }
  /** The side effect ran; `events` are what it recorded (none when it left nothing to record). */
  | { outcome: 'recorded'; decision: D; events: readonly InvoiceEvent[]; nextExpectedVersion: bigint | undefined };

/** Loads a stream and folds it into its state. */
export async function loadState<S>(store: EventStore, stream: string, fold: StreamFold<S>): Promise<{ version: bigint | 'no_stream'; state: S }> {
  const { version, events } = await loadInvoiceStream(store, stream);
  let state = fold.initialState();
  for (const event of events) state = fold.evolve(state, event);
  return { version, state };
}

/**
 * One reaction to one delivered event: load the stream (fold), decide, act (the side effect),
 * append what it records at the version loaded. Idempotent on an at-least-once bus: a redelivery
 * decides `none`, and a delivery that loses the append race says so. Anything thrown goes back to
 * the bus, which retries and, after its attempts, dead-letters.
 *
 *   const run = await runReaction({ store, stream, fold: documentStream, decide: (s) => decideSigning(event, s), act });
 *   // { outcome: 'skipped', decision } | { outcome: 'lost_race', … } | { outcome: 'recorded', … }
 */
export async function runReaction<S, D extends ReactionDecision>(reaction: Reaction<S, D>): Promise<ReactionRun<D>> {
  const { store, stream, fold, decide } = reaction;
  const loaded = await loadState(store, stream, fold);
  const decision = decide(loaded.state);
  if (isNone(decision)) return { outcome: 'skipped', decision };
  const step = await reaction.act(decision as Exclude<D, { action: 'none' }>, loaded.state);
  if (!step) return { outcome: 'recorded', decision, events: [], nextExpectedVersion: undefined };
  let next: bigint;
  try {
    // zod types invoice_id as `string | undefined`, Envelope as optional `string` (exactOptionalPropertyTypes).
    next = (await store.append(stream, step.events as Envelope[], loaded.version)).nextExpectedVersion;
  } catch (error) {
    if (!isConcurrencyError(error)) throw error;
    if (step.onConflict === 'lost_race') return { outcome: 'lost_race', decision };
    const again = decide((await loadState(store, stream, fold)).state);
    if (isNone(again)) return { outcome: 'lost_race', decision: again };
    throw error;
  }
  await step.after?.(next);
  return { outcome: 'recorded', decision, events: step.events, nextExpectedVersion: next };
}

const isNone = <D extends ReactionDecision>(decision: D): decision is Extract<D, { action: 'none' }> => decision.action === 'none';
