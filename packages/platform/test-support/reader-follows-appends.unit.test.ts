import type { Envelope } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../src/errors.ts';
import type { EventStore, ExpectedVersion, RecordedEvent } from '../src/ports/event-store.ts';
import { SqliteEventStore } from '../src/adapters/sqlite/sqlite-event-store.ts';
import { followWhileAppending } from './reader-follows-appends.ts';

/**
 * A naive `position > $after` over a sequence, where higher positions often commit first: the contract's
 * global-order case must catch it, or the check proves nothing.
 */
class NaiveSequenceStore implements EventStore {
  private next = 1n;
  private readonly committed: RecordedEvent[] = [];
  private readonly versions = new Map<string, bigint>();

  async append(stream: string, events: readonly Envelope[], expected: ExpectedVersion) {
    const actual = this.versions.get(stream) ?? 'no_stream';
    if ((expected === 'no_stream') !== (actual === 'no_stream') && expected !== 'any')
      throw new ConcurrencyError(stream, String(expected), actual);
    let version = actual === 'no_stream' ? -1n : actual;
    this.versions.set(stream, version + BigInt(events.length));
    const recorded = events.map((envelope): RecordedEvent => ({
      stream,
      version: ++version,
      position: this.next++,
      envelope,
      recordedAt: new Date().toISOString(),
    }));
    await new Promise((resolve) => setTimeout(resolve, recorded[0]!.position % 2n === 1n ? 4 : 0)); // the commit
    this.committed.push(...recorded);
    return { nextExpectedVersion: version, lastPosition: recorded.at(-1)!.position };
  }
  async readAll({ after = 0n, limit = 1000 } = {}) {
    return this.committed
      .filter((e) => e.position > after)
      .sort((a, b) => (a.position < b.position ? -1 : 1))
      .slice(0, limit);
  }
  async read(stream: string) {
    const events = this.committed.filter((e) => e.stream === stream);
    return { version: events.at(-1)?.version ?? ('no_stream' as const), events };
  }
  async head() {
    return this.committed.reduce((max, e) => (e.position > max ? e.position : max), 0n);
  }
  async close() {}
}

describe('the contract case for the global order rule', () => {
  it('catches a naive store whose reader skips positions that commit late', async () => {
    const report = await followWhileAppending(new NaiveSequenceStore());
    expect(report.appended).toBeGreaterThan(0);
    expect(report.missed.length).toBeGreaterThan(0);
  });

  it('passes a store that makes positions visible in order', async () => {
    const store = new SqliteEventStore(':memory:');
    expect(await followWhileAppending(store)).toMatchObject({ missed: [], repeated: [], backwards: 0 });
    await store.close();
  });
});
