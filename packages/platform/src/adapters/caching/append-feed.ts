import type { EventStore, RecordedEvent } from '../../ports/event-store.ts';

/**
 * What the relay reads, served from the events this process just appended when it can be exact.
 * The relay publishes every event in position order, so after each append it asked the store's
 * thread for the events past its last position: a round trip, a query and a copy of events the
 * process had in hand a moment before (2.3 such reads per invoice under the bench's load).
 *
 * Exact, not approximate: `readAll({ after })` is answered from memory only when the event at
 * `after + 1` is there, and then with the run of consecutive positions that follows it; anything
 * else (a gap left by a writer that did not come through here, a position no event will ever
 * have, an event already dropped) goes to the store, which is always right. Positions need not be
 * dense (ports/event-store.ts): a gap only costs a read of the store, never an event or a wait. Events at or below `after` are forgotten: the relay never
 * reads behind its own position. Bounded, so a stalled relay does not hold every append.
 *
 *   const feed = new AppendFeed(store);
 *   const cached = withStreamCache(store, { recorded: (events) => feed.add(events) });
 *   startRelay({ store: feed, … });
 */
export class AppendFeed implements EventStore {
  private readonly store: EventStore;
  private readonly byPosition = new Map<bigint, RecordedEvent>();
  private readonly maxEvents: number;

  constructor(store: EventStore, options: { maxEvents?: number } = {}) {
    this.store = store;
    this.maxEvents = options.maxEvents ?? 10_000;
  }

  /** Events as the store recorded them (their positions included), in any order. */
  add(events: readonly RecordedEvent[]): void {
    for (const event of events) this.byPosition.set(event.position, event);
    for (const oldest of this.byPosition.keys()) {
      if (this.byPosition.size <= this.maxEvents) break;
      this.byPosition.delete(oldest);
    }
  }

  async readAll(options: { after?: bigint; limit?: number } = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0n;
    const limit = options.limit ?? 1000;
    for (const position of this.byPosition.keys()) if (position <= after) this.byPosition.delete(position);
    const run: RecordedEvent[] = [];
    for (let position = after + 1n; run.length < limit; position++) {
      const event = this.byPosition.get(position);
      if (!event) break;
      run.push(event);
    }
    return run.length > 0 ? run : this.store.readAll(options);
  }

  append: EventStore['append'] = (stream, events, expected, options) => this.store.append(stream, events, expected, options);
  read: EventStore['read'] = (stream) => this.store.read(stream);
  head: EventStore['head'] = () => this.store.head();
  close: EventStore['close'] = () => this.store.close();
}
