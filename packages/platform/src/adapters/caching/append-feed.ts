import type { EventStore, RecordedEvent } from '../../ports/event-store.ts';

/**
 * Serves the relay's `readAll` from the events this process just appended, but only when exact (the next
 * position is in hand); anything else goes to the store.
 *
 *   startRelay({ store: new AppendFeed(store), … });
 */
export class AppendFeed implements EventStore {
  private readonly store: EventStore;
  private readonly byPosition = new Map<bigint, RecordedEvent>();
  private readonly maxEvents: number;
  private readonly fromStore: ((events: readonly RecordedEvent[]) => void) | undefined;

  /** `fromStore`: told of what only the store had, e.g. appended by another process (the CLI's re-drive). */
  constructor(
    store: EventStore,
    options: { maxEvents?: number; fromStore?: (events: readonly RecordedEvent[]) => void } = {},
  ) {
    this.store = store;
    this.maxEvents = options.maxEvents ?? 10_000;
    this.fromStore = options.fromStore;
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
    if (run.length > 0) return run;
    const read = await this.store.readAll(options);
    this.fromStore?.(read);
    return read;
  }

  append: EventStore['append'] = (stream, events, expected, options) =>
    this.store.append(stream, events, expected, options);
  read: EventStore['read'] = (stream) => this.store.read(stream);
  head: EventStore['head'] = () => this.store.head();
  close: EventStore['close'] = () => this.store.close();
}
