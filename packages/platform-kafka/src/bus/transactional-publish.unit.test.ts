import type { Envelope } from '@fe/contracts';
import { sampleEnvelope } from '@fe/platform/testing';
import type { Kafka } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { KafkaEventBus } from './kafka-event-bus.ts';

/**
 * A kafkajs client whose transactional producers follow kafkajs's own state rule (a transaction begins only from
 * READY; a commit or abort that fails leaves the producer where it was) and whose first commit fails, as an EndTxn
 * that times out on a loaded broker does.
 */
function clientWithOneFailedCommit() {
  const producers: { state: string }[] = [];
  const committed: unknown[] = [];
  let commits = 0;
  const move = (p: { state: string }, from: string[], to: string) => {
    if (!from.includes(p.state)) throw new Error(`Invalid state transition ${p.state} -> ${to}`);
    p.state = to;
  };
  const client = {
    admin: () => ({ connect: async () => {}, disconnect: async () => {}, createTopics: async () => true }),
    producer: () => {
      const p = { state: 'READY' };
      producers.push(p);
      let batch: unknown[] = [];
      return {
        connect: async () => {},
        disconnect: async () => {},
        transaction: async () => {
          move(p, ['READY'], 'TRANSACTING');
          return {
            send: async (record: { messages: unknown[] }) => void (batch = record.messages),
            commit: async () => {
              move(p, ['TRANSACTING'], 'COMMITTING');
              if (++commits === 1) throw Object.assign(new Error('Request EndTxn timed out'), { retriable: true });
              committed.push(...batch);
              move(p, ['COMMITTING'], 'READY');
            },
            abort: async () => move(p, ['TRANSACTING'], 'ABORTING'),
          };
        },
      };
    },
  } as unknown as Kafka;
  return { client, producers, committed };
}

const codec = {
  encode: async (envelope: Envelope) => Buffer.from(JSON.stringify(envelope)),
  decode: async (value: Buffer) => JSON.parse(value.toString()) as Envelope,
};

describe('KafkaEventBus publishing in transactions', () => {
  it('after a commit that failed, the next publish goes out on a new producer instead of failing for good', async () => {
    const { client, producers, committed } = clientWithOneFailedCommit();
    const bus = new KafkaEventBus({ brokers: ['unused:9092'], codec, transactionalId: 'relay.test', client });
    const message = { key: 'k', value: sampleEnvelope('inv-1') };
    await expect(bus.publish('t', [message])).rejects.toMatchObject({ code: 'BROKER_UNAVAILABLE' });
    await bus.publish('t', [message]);
    await bus.publish('t', [message]);
    expect({ producers: producers.length, committed: committed.length }).toEqual({ producers: 2, committed: 2 });
    await bus.close();
  });
});
