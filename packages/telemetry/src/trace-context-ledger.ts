/** W3C trace context headers as a carrier: `traceparent`, and `tracestate` when there is one. */
export type TraceHeaders = Readonly<Record<string, string>>;

/**
 * The trace context each event was appended in, by event id, until the relay publishes it
 * (docs/observability.md, "How the context crosses the event store"). The event contract has no
 * field for it and the store no column, so the context waits here, in the memory of the process
 * that appended, and the tracing bus puts it in the published message's headers. An event the
 * relay publishes from another process, or after a restart, starts a new trace.
 *
 * Bounded: a process whose appends another process publishes would otherwise keep every entry;
 * past `capacity` the oldest are forgotten (their events start new traces).
 */
export class TraceContextLedger {
  private readonly entries = new Map<string, TraceHeaders>();
  private readonly capacity: number;

  constructor(capacity = 10_000) {
    this.capacity = capacity;
  }

  record(eventIds: readonly string[], headers: TraceHeaders): void {
    if (!headers.traceparent) return;
    for (const id of eventIds) {
      this.entries.delete(id);
      this.entries.set(id, headers);
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }

  headersFor(eventId: string): TraceHeaders | undefined {
    return this.entries.get(eventId);
  }

  /** Published (or never appended): the context is in the message's headers now, or nowhere. */
  forget(eventIds: readonly string[]): void {
    for (const id of eventIds) this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}
