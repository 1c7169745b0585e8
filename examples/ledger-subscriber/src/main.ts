// Runs the example subscriber until SIGINT/SIGTERM; the defaults are the distributed shape's servers on one machine
// (infra/env.sh): LEDGER=ledger.sqlite pnpm --filter @fe/example-ledger-subscriber start
import { startSubscriber } from './subscriber.ts';

const subscriber = await startSubscriber({
  brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(','),
  registryUrl: process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:58080/apis/ccompat/v7',
  ledgerPath: process.env.LEDGER ?? 'ledger.sqlite',
  log: (line) => console.log(line),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void subscriber.stop());
