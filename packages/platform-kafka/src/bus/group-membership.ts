import type { Consumer } from 'kafkajs';

/**
 * Why a member cannot receive messages now: not joined yet, its group rebalancing, or its consumer crashed or stopped.
 */
export type MembershipState =
  { joined: true; partitions: number } | { joined: false; reason: 'joining' | 'rebalancing' | 'crashed' | 'stopped' };

/** The part of a kafkajs consumer the membership listens to. */
export type MembershipEvents = Pick<Consumer, 'on' | 'events'>;

/**
 * Whether a subscription's member holds its place in the group (/readyz `consumer-groups`). GROUP_JOIN comes
 * after SyncGroup, so a member given no partition still counts as joined.
 */
export class GroupMembership {
  private current: MembershipState = { joined: false, reason: 'joining' };
  private followed: MembershipEvents | undefined;
  private readonly waiters = new Set<() => void>();
  private readonly changed: (state: MembershipState) => void;

  /** `changed` hears each change of state (the member logs it). */
  constructor(changed: (state: MembershipState) => void = () => undefined) {
    this.changed = changed;
  }

  get state(): MembershipState {
    return this.current;
  }

  /** From now on this consumer's events decide; it has not joined yet. */
  follow(consumer: MembershipEvents): void {
    this.followed = consumer;
    this.set({ joined: false, reason: 'joining' });
    const mine = (next: () => MembershipState) => () => {
      if (this.followed === consumer) this.set(next());
    };
    const { GROUP_JOIN, REBALANCING, CRASH, STOP } = consumer.events;
    consumer.on(GROUP_JOIN, (event) =>
      mine(() => ({ joined: true, partitions: partitionsIn(event.payload.memberAssignment) }))(),
    );
    consumer.on(
      REBALANCING,
      mine(() => ({ joined: false, reason: 'rebalancing' })),
    );
    consumer.on(
      CRASH,
      mine(() => ({ joined: false, reason: 'crashed' })),
    );
    consumer.on(
      STOP,
      mine(() => ({ joined: false, reason: 'stopped' })),
    );
  }

  /** Resolves true once joined (at once if it is), false after `withinMs` without. */
  whenJoined(withinMs: number): Promise<boolean> {
    if (this.current.joined) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (joined: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(joined);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), withinMs);
      this.waiters.add(wake);
    });
  }

  private set(next: MembershipState): void {
    const before = this.current;
    this.current = next;
    if (before.joined !== next.joined || (!before.joined && !next.joined && before.reason !== next.reason))
      this.changed(next);
    if (next.joined) for (const wake of [...this.waiters]) wake();
  }
}

function partitionsIn(assignment: Record<string, number[]>): number {
  return Object.values(assignment).reduce((sum, partitions) => sum + partitions.length, 0);
}
