import { InProcessEventBus, type EventBus, type SubscriptionStatus } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { consumerGroupsCheck } from './consumer-groups-check.ts';

const bare: EventBus = {
  publish: async () => {},
  subscribe: async () => ({ stop: async () => {} }),
  close: async () => {},
};

describe('the consumer-groups readiness check', () => {
  it('passes while every subscription has joined its group, zero partitions included', async () => {
    const all: SubscriptionStatus[] = [
      { topic: 't', group: 'a', joined: true, partitions: 3 },
      { topic: 't', group: 'b', joined: true, partitions: 0 },
    ];
    await expect(consumerGroupsCheck({ ...bare, subscriptions: () => all }).check()).resolves.toBeUndefined();
  });

  it('fails while any one has not joined, or has lost its place', async () => {
    const statuses: SubscriptionStatus[] = [
      { topic: 't', group: 'a', joined: true, partitions: 3 },
      { topic: 't', group: 'b', joined: false, partitions: 0 },
    ];
    const check = consumerGroupsCheck({ ...bare, subscriptions: () => statuses });
    expect(check.name).toBe('consumer-groups');
    await expect(check.check()).rejects.toThrow(/b on t/);
    statuses[1] = { ...statuses[1]!, joined: true };
    await expect(check.check()).resolves.toBeUndefined();
  });

  it('passes for a bus without the capability: the in-process bus delivers from subscribe on', async () => {
    const bus = new InProcessEventBus({ partitions: 1 });
    await bus.subscribe({ topic: 't', group: 'g', handler: async () => undefined });
    await expect(consumerGroupsCheck(bus).check()).resolves.toBeUndefined();
    await bus.close();
  });
});
