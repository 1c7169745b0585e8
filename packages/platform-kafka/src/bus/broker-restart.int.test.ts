import { envelopeSchema } from '@fe/contracts';
import { sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dedicatedBroker, type DedicatedBroker } from '../../test-support/dedicated-broker.ts';
import { schemaRegistryUrl, unique } from '../../test-support/servers.ts';
import { SchemaRegistryCodec } from '../codec/schema-registry-codec.ts';
import { isKafkaBusError } from '../errors.ts';
import { KafkaEventBus } from './kafka-event-bus.ts';

// The broker restarted while events flow. The test owns its broker (killed with SIGKILL, started again on the
// same data); the integration run's shared broker is never restarted.
const contracts = { 'InvoiceSubmitted.v1': envelopeSchema('InvoiceSubmitted', 1, z.object({ n: z.number().int() })) };
const EVENTS = 240;
const KEYS = 8;
const BATCH = 8;

describe('KafkaEventBus while its broker is killed and restarted', () => {
  let broker: DedicatedBroker;
  beforeAll(async () => {
    broker = await dedicatedBroker();
  });
  afterAll(async () => {
    await broker?.remove();
  });

  // Plain idempotent sends, and the relay's transactional publishing (docs/platform.md, "Two relays at once").
  it.each([
    { publishing: 'idempotent', transactionalId: undefined },
    { publishing: 'transactional', transactionalId: unique('relay.restart') },
  ])(
    'loses nothing and an idempotent consumer handles each event once, in order per key ($publishing publishes)',
    async ({ publishing, transactionalId }) => {
      const bus = new KafkaEventBus({
        brokers: [broker.address],
        codec: new SchemaRegistryCodec({ url: schemaRegistryUrl(), contracts, namespace: unique('fe.test.events') }),
        partitionsOf: () => 3,
        heartbeatIntervalMs: 300,
        sessionTimeoutMs: 6000,
        ...(transactionalId ? { transactionalId } : {}),
      });
      const topic = unique('test.restart');
      // The consumer is idempotent as the services are: it remembers which event ids it applied.
      const applied = new Map<string, number>();
      const firstSeen: Record<string, number[]> = {};
      let deliveries = 0;
      await bus.subscribe({
        topic,
        group: 'g',
        retryBackoffMs: 20,
        handler: async (m) => {
          deliveries++;
          if (applied.has(m.value.id)) return; // a redelivery: already applied
          applied.set(m.value.id, (m.value.data as { n: number }).n);
          (firstSeen[m.key] ??= []).push((m.value.data as { n: number }).n);
        },
      });

      // The publisher is the relay's shape: a batch that fails is published again (at-least-once).
      const events = Array.from({ length: EVENTS }, (_, n) => ({
        key: `inv-${n % KEYS}`,
        value: sampleEnvelope(`inv-${n % KEYS}`, 'InvoiceSubmitted', { n }),
      }));
      let failedPublishes = 0;
      let restarted: Promise<void> | undefined;
      const deadline = Date.now() + 180_000;
      for (let i = 0; i < EVENTS; i += BATCH) {
        if (i === EVENTS / 3)
          restarted = broker
            .kill()
            .then(() => new Promise((r) => setTimeout(r, 1000)))
            .then(() => broker.start());
        for (;;) {
          if (Date.now() > deadline) throw new Error(`publishing did not finish in time (at event ${i})`);
          try {
            await bus.publish(topic, events.slice(i, i + BATCH));
            break;
          } catch (error) {
            if (!isKafkaBusError(error, 'BROKER_UNAVAILABLE')) throw error;
            failedPublishes++;
          }
        }
      }
      await restarted;
      await expect.poll(() => applied.size, { timeout: 120_000, interval: 100 }).toBe(EVENTS);
      await bus.close();

      expect([...applied.keys()].sort()).toEqual(events.map((e) => e.value.id).sort());
      for (let k = 0; k < KEYS; k++) {
        const published = events.filter((e) => e.key === `inv-${k}`).map((e) => (e.value.data as { n: number }).n);
        expect(firstSeen[`inv-${k}`]).toEqual(published);
      }
      console.info(
        `broker restart (${publishing} publishes): ${EVENTS} events, ${deliveries} deliveries (${deliveries - EVENTS} redelivered and ignored), ${failedPublishes} publish attempts refused while the broker was down`,
      );
    },
  );
});
