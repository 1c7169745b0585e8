import { describe, expect, it, vi } from 'vitest';
import { OffsetCommitter, type PartitionOffset } from './offset-committer.ts';

/** A broker whose commits answer only when the test says so. */
function slowBroker() {
  const calls: { offsets: PartitionOffset[]; answer: (error?: Error) => void }[] = [];
  const commit = (offsets: PartitionOffset[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ offsets, answer: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, commit };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('OffsetCommitter', () => {
  it('sends the first offset at once and what is recorded meanwhile in one commit, the newest per partition', async () => {
    const broker = slowBroker();
    const committer = new OffsetCommitter(broker.commit, () => {});
    committer.record('t', 0, '1');
    expect(broker.calls.map((c) => c.offsets)).toEqual([[{ topic: 't', partition: 0, offset: '1' }]]);
    committer.record('t', 0, '2');
    committer.record('t', 1, '7');
    committer.record('t', 0, '3');
    broker.calls[0]!.answer();
    await turn();
    expect(broker.calls[1]!.offsets).toEqual([
      { topic: 't', partition: 0, offset: '3' },
      { topic: 't', partition: 1, offset: '7' },
    ]);
    broker.calls[1]!.answer();
    await committer.flush();
    expect(broker.calls).toHaveLength(2);
  });

  it('flush waits for every recorded offset to be sent', async () => {
    const broker = slowBroker();
    const committer = new OffsetCommitter(broker.commit, () => {});
    committer.record('t', 0, '1');
    committer.record('t', 0, '2');
    let flushed = false;
    const flushing = committer.flush().then(() => void (flushed = true));
    broker.calls[0]!.answer();
    await turn();
    expect(flushed).toBe(false); // '2' is still on its way
    broker.calls[1]!.answer();
    await flushing;
    expect(flushed).toBe(true);
  });

  it('reports a refused commit and goes on with the next offsets', async () => {
    const broker = slowBroker();
    const refused: PartitionOffset[][] = [];
    const committer = new OffsetCommitter(broker.commit, (_error, offsets) => void refused.push(offsets));
    committer.record('t', 0, '5');
    committer.record('t', 0, '6');
    broker.calls[0]!.answer(new Error('REBALANCE_IN_PROGRESS'));
    await turn();
    expect(refused).toEqual([[{ topic: 't', partition: 0, offset: '5' }]]);
    broker.calls[1]!.answer();
    await committer.flush();
    expect(broker.calls.map((c) => c.offsets[0]!.offset)).toEqual(['5', '6']);
  });

  it('with an interval, waits for it and sends what was handled meanwhile in one commit', async () => {
    vi.useFakeTimers();
    try {
      const broker = slowBroker();
      const committer = new OffsetCommitter(broker.commit, () => {}, 500);
      committer.record('t', 0, '1');
      committer.record('t', 1, '4');
      committer.record('t', 0, '2');
      expect(broker.calls).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(500);
      expect(broker.calls.map((c) => c.offsets)).toEqual([
        [
          { topic: 't', partition: 0, offset: '2' },
          { topic: 't', partition: 1, offset: '4' },
        ],
      ]);
      broker.calls[0]!.answer();
      committer.record('t', 0, '3');
      await vi.advanceTimersByTimeAsync(499);
      expect(broker.calls).toHaveLength(1); // the next commit waits its turn
      await vi.advanceTimersByTimeAsync(1);
      expect(broker.calls).toHaveLength(2);
      broker.calls[1]!.answer();
    } finally {
      vi.useRealTimers();
    }
  });

  it('flush sends at once what waits for the interval', async () => {
    const broker = slowBroker();
    const committer = new OffsetCommitter(broker.commit, () => {}, 60_000);
    committer.record('t', 0, '9');
    const flushing = committer.flush();
    expect(broker.calls.map((c) => c.offsets)).toEqual([[{ topic: 't', partition: 0, offset: '9' }]]);
    broker.calls[0]!.answer();
    await flushing;
  });
});
