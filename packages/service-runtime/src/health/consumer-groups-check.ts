import type { EventBus } from '@fe/platform';
import type { ReadinessCheck } from './health-server.ts';

/**
 * /readyz's `consumer-groups` check: a process is ready only once every subscription holds its place in its group.
 * A bus without the "subscriptions" capability passes.
 */
export function consumerGroupsCheck(bus: EventBus): ReadinessCheck {
  return {
    name: 'consumer-groups',
    check: async () => {
      const waiting = (bus.subscriptions?.() ?? []).filter((s) => !s.joined);
      // Never shown by /readyz (it names the check only); the members log their joins and losses.
      if (waiting.length > 0)
        throw new Error(
          `not in their consumer group yet: ${waiting.map((s) => `${s.group} on ${s.topic}`).join(', ')}`,
        );
    },
  };
}
