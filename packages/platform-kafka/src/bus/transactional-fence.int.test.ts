import { sampleEnvelope } from '@fe/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { plainJsonCodec } from '../../test-support/json-codec.ts';
import { kafkaBrokers, unique } from '../../test-support/servers.ts';
import { isKafkaBusError } from '../errors.ts';
import { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.ts';

describe('KafkaEventBus with a transactional id (the fence between relays of one name)', () => {
  const buses: KafkaEventBus[] = [];
  const open = (options: Partial<KafkaEventBusOptions> = {}) => {
    const bus = new KafkaEventBus({
      brokers: kafkaBrokers(),
      codec: plainJsonCodec,
      groupIdPrefix: `${unique('run')}.`,
      partitionsOf: () => 3,
      ...options,
    });
    buses.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  const message = (n: number) => ({
    key: 'inv-1',
    value: sampleEnvelope('inv-1', 'InvoiceSubmitted', { n }),
    headers: { 'x-store-position': String(n) },
  });

  it('a newer bus with the same id fences the older: its publish fails PUBLISH_FENCED and is never delivered', async () => {
    const topic = unique('test.fence');
    const transactionalId = unique('relay.test');
    const older = open({ transactionalId });
    await older.publish(topic, [message(1)]);
    const newer = open({ transactionalId });
    await newer.publish(topic, [message(2)]);

    const fenced = await older.publish(topic, [message(3)]).catch((error: unknown) => error);
    expect(isKafkaBusError(fenced, 'PUBLISH_FENCED')).toBe(true);
    expect((fenced as { retriable: boolean }).retriable).toBe(false);
    await newer.publish(topic, [message(4)]);

    const seen: number[] = [];
    await open().subscribe({
      topic,
      group: 'reader',
      handler: async (m) => void seen.push((m.value.data as { n: number }).n),
    });
    await expect.poll(() => seen, { timeout: 30_000 }).toEqual([1, 2, 4]);
    await new Promise((r) => setTimeout(r, 500));
    expect(seen).toEqual([1, 2, 4]);
  });

  it('a fenced bus publishes again with a new producer (a relay that took its lease back), which fences the other', async () => {
    const topic = unique('test.fence-again');
    const transactionalId = unique('relay.test');
    const first = open({ transactionalId });
    await first.publish(topic, [message(1)]);
    const second = open({ transactionalId });
    await second.publish(topic, [message(2)]);
    await expect(first.publish(topic, [message(3)])).rejects.toSatisfy((e) => isKafkaBusError(e, 'PUBLISH_FENCED'));
    await first.publish(topic, [message(4)]);
    await expect(second.publish(topic, [message(5)])).rejects.toSatisfy((e) => isKafkaBusError(e, 'PUBLISH_FENCED'));

    const seen: number[] = [];
    await open().subscribe({
      topic,
      group: 'reader',
      handler: async (m) => void seen.push((m.value.data as { n: number }).n),
    });
    await expect.poll(() => seen, { timeout: 30_000 }).toEqual([1, 2, 4]);
  });
});
