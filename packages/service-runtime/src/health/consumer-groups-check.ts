import type { EventBus } from '@fe/platform';
import type { ReadinessCheck } from './health-server.ts';

/**
 * /readyz's `consumer-groups` check: fails while any subscription of the bus has not joined its
 * consumer group or has lost its place in it (a rebalance, a crashed consumer), so a process is
 * ready only once it can receive what is published to it. A bus without the "subscriptions"
 * capability (the in-process bus) delivers from `subscribe` on: the check passes.
 *
 *   checks.push(consumerGroupsCheck(bus));
 */
export function consumerGroupsCheck(bus: EventBus): ReadinessCheck {
  return {
    name: 'consumer-groups',
    check: async () => {
      const waiting = (bus.subscriptions?.() ?? []).filter((s) => !s.joined);
      // Never shown by /readyz (it names the check only); the members log their joins and losses.
      if (waiting.length > 0) throw new Error(`not in their consumer group yet: ${waiting.map((s) => `${s.group} on ${s.topic}`).join(', ')}`);
    },
  };
}
