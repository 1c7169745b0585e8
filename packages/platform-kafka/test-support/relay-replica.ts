// One relay replica as its own process for two-relays.int.test.ts; it obeys 'freeze', 'thaw' and
// 'die_after_publish' (SIGKILL between publish and checkpoint). Nothing here cleans up, on purpose.
import { startRelay, type EventBus, type Logger } from '@fe/platform';
import {
  createPostgresPool,
  PostgresCheckpointStore,
  PostgresEventStore,
  PostgresLeaseStore,
} from '@fe/platform-postgres';
import { KafkaEventBus } from '../src/bus/kafka-event-bus.ts';
import { isKafkaBusError } from '../src/errors.ts';
import { plainJsonCodec } from './json-codec.ts';

export type ReplicaSettings = {
  id: string;
  name: string;
  topic: string;
  url: string;
  schema: string;
  brokers: string[];
  pageSize: number;
};
export type ReplicaReport =
  | { kind: 'took_lease' }
  | { kind: 'published'; count: number; held: boolean }
  | { kind: 'dying'; count: number }
  | { kind: 'frozen_publish' }
  | { kind: 'fenced' };
/** Header naming the replica that published a message, `<id>-held` for a publish that was frozen. */
export const RELAY_TAG = 'x-test-relay';

const settings = JSON.parse(process.env.FE_TEST_RELAY_REPLICA ?? 'null') as ReplicaSettings | null;
if (settings) run(settings);

function run({ id, name, topic, url, schema, brokers, pageSize }: ReplicaSettings): void {
  const report = (r: ReplicaReport) => process.send!(r);
  const pool = createPostgresPool({ connectionString: url, schema, max: 2 });
  const store = new PostgresEventStore(pool);
  // The fence: every replica of the relay publishes under the relay's name as its transactional id.
  const bus = new KafkaEventBus({
    brokers,
    codec: plainJsonCodec,
    partitionsOf: () => 3,
    transactionalId: name,
    clientId: `relay-${id}`,
  });
  let freeze: { promise: Promise<void>; thaw: () => void } | undefined;
  let dieAfterPublish = false;
  process.on('message', (command) => {
    if (command === 'die_after_publish') dieAfterPublish = true;
    if (command === 'freeze') {
      let thaw!: () => void;
      freeze = { promise: new Promise((resolve) => (thaw = resolve)), thaw };
    } else if (command === 'thaw') {
      freeze?.thaw();
      freeze = undefined;
    }
  });
  const view: EventBus = {
    publish: async (t, messages) => {
      const frozen = freeze;
      if (frozen) {
        report({ kind: 'frozen_publish' });
        await frozen.promise;
      }
      const tagged = messages.map((m) => ({
        ...m,
        headers: { ...m.headers, [RELAY_TAG]: frozen ? `${id}-held` : id },
      }));
      try {
        await bus.publish(t, tagged);
        if (dieAfterPublish) {
          process.send!({ kind: 'dying', count: messages.length } satisfies ReplicaReport, () =>
            process.kill(process.pid, 'SIGKILL'),
          );
          await new Promise(() => {}); // never returns to the relay: no checkpoint
        }
        report({ kind: 'published', count: messages.length, held: frozen !== undefined });
      } catch (error) {
        if (isKafkaBusError(error, 'PUBLISH_FENCED')) report({ kind: 'fenced' });
        throw error;
      }
    },
    subscribe: (o) => bus.subscribe(o),
    close: () => bus.close(),
  };
  const logger: Logger = {
    debug() {},
    warn() {},
    error() {},
    info: (_fields, message) => void (message?.includes('took the lease') && report({ kind: 'took_lease' })),
    child: () => logger,
  };
  startRelay({
    name,
    store,
    bus: view,
    checkpoints: new PostgresCheckpointStore(pool),
    logger,
    pageSize,
    idleMs: 20,
    standbyRetryMs: 100,
    leases: new PostgresLeaseStore({ connectionString: url, schema }),
    route: (e) => ({ topic, key: e.stream }),
  });
}
