import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { GroupMembership, type MembershipEvents, type MembershipState } from './group-membership.ts';

/** A kafkajs consumer's event surface: `on(name, listener)` and the event names, driven by the test. */
function fakeConsumer() {
  const emitter = new EventEmitter();
  const events = {
    GROUP_JOIN: 'consumer.group_join',
    REBALANCING: 'consumer.rebalancing',
    CRASH: 'consumer.crash',
    STOP: 'consumer.stop',
  };
  const consumer = {
    events,
    on: (name: string, listener: (event: unknown) => void) => {
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
  } as unknown as MembershipEvents;
  return {
    consumer,
    joined: (memberAssignment: Record<string, number[]>) =>
      emitter.emit(events.GROUP_JOIN, { payload: { memberAssignment } }),
    rebalancing: () => emitter.emit(events.REBALANCING, { payload: {} }),
    crashed: (restart: boolean) => emitter.emit(events.CRASH, { payload: { restart } }),
    stopped: () => emitter.emit(events.STOP, {}),
  };
}

describe('GroupMembership: whether a subscription holds its place in its consumer group', () => {
  it('is not joined until GROUP_JOIN, then joined with the partitions of its assignment', () => {
    const membership = new GroupMembership();
    const kafka = fakeConsumer();
    membership.follow(kafka.consumer);
    expect(membership.state).toEqual({ joined: false, reason: 'joining' });
    kafka.joined({ 'fe.invoice.events.v1': [0, 2, 4] });
    expect(membership.state).toEqual({ joined: true, partitions: 3 });
  });

  it('is joined with no partition at all: a group with more members than partitions leaves some without one', () => {
    const membership = new GroupMembership();
    const kafka = fakeConsumer();
    membership.follow(kafka.consumer);
    kafka.joined({});
    expect(membership.state).toEqual({ joined: true, partitions: 0 });
  });

  it('loses its place on a rebalance, a crash or a stop, until the next GROUP_JOIN', () => {
    const membership = new GroupMembership();
    const kafka = fakeConsumer();
    membership.follow(kafka.consumer);
    const seen: MembershipState[] = [];
    for (const [event, expected] of [
      [() => kafka.joined({ t: [0, 1] }), { joined: true, partitions: 2 }],
      [kafka.rebalancing, { joined: false, reason: 'rebalancing' }],
      [() => kafka.joined({ t: [1] }), { joined: true, partitions: 1 }],
      [() => kafka.crashed(true), { joined: false, reason: 'crashed' }],
      [() => kafka.joined({ t: [0, 1] }), { joined: true, partitions: 2 }],
      [kafka.stopped, { joined: false, reason: 'stopped' }],
    ] as const) {
      event();
      seen.push(membership.state);
      expect(membership.state).toEqual(expected);
    }
    expect(seen.map((s) => s.joined)).toEqual([true, false, true, false, true, false]);
  });

  it('follows the newest consumer only: a replaced one (crashed, then replaced by the member) changes nothing', () => {
    const membership = new GroupMembership();
    const old = fakeConsumer();
    membership.follow(old.consumer);
    old.joined({ t: [0] });
    old.crashed(false);
    const replacement = fakeConsumer();
    membership.follow(replacement.consumer);
    old.joined({ t: [0] }); // a late event of the consumer that crashed
    expect(membership.state).toEqual({ joined: false, reason: 'joining' });
    replacement.joined({ t: [0] });
    old.stopped();
    expect(membership.state).toEqual({ joined: true, partitions: 1 });
  });

  it('a consumer followed while the last one was joined starts out not joined', () => {
    const membership = new GroupMembership();
    const first = fakeConsumer();
    membership.follow(first.consumer);
    first.joined({ t: [0] });
    membership.follow(fakeConsumer().consumer);
    expect(membership.state).toEqual({ joined: false, reason: 'joining' });
  });

  it('reports each change once, not a GROUP_JOIN that changes nothing it reports', () => {
    const changes: MembershipState[] = [];
    const membership = new GroupMembership((state) => changes.push(state));
    const kafka = fakeConsumer();
    membership.follow(kafka.consumer);
    kafka.joined({ t: [0] });
    kafka.joined({ t: [0] });
    kafka.rebalancing();
    kafka.rebalancing();
    kafka.joined({ t: [0] });
    expect(changes).toEqual([
      { joined: true, partitions: 1 },
      { joined: false, reason: 'rebalancing' },
      { joined: true, partitions: 1 },
    ]);
  });

  it('whenJoined resolves true on the join, at once when joined already, and false when the wait runs out', async () => {
    const membership = new GroupMembership();
    const kafka = fakeConsumer();
    membership.follow(kafka.consumer);
    expect(await membership.whenJoined(1)).toBe(false);
    const waiting = membership.whenJoined(60_000);
    kafka.joined({ t: [0] });
    expect(await waiting).toBe(true);
    expect(await membership.whenJoined(0)).toBe(true);
  });
});
