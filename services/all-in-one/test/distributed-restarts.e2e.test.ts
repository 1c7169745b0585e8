// The broker and PostgreSQL restarted mid-burst, on servers this file owns (the shared ones never restart);
// expectNothingLostOrTwice asserts every invoice accepted and each event and DIAN judgement once.
import type { DedicatedBroker } from '@fe/platform-kafka/testing';
import { startOwnedServer, type OwnedServer } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { burst, expectNothingLostOrTwice } from '../test-support/faults/burst.ts';
import { expectEverySettled } from '../test-support/faults/settled.ts';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { alive, startOwnBroker } from '../test-support/start-distributed.ts';

let postgres: OwnedServer | undefined;
let broker: DedicatedBroker | undefined;
let shape: DistributedShape;
beforeAll(async () => {
  postgres = await startOwnedServer();
  broker = await startOwnBroker();
  shape = await startDistributedShape({ servers: { FE_POSTGRES_URL: postgres.url, FE_KAFKA_BROKERS: broker.address } });
}, 600_000);
afterAll(async () => {
  await shape?.close();
  await broker?.remove();
  postgres?.stop();
}, 300_000);

it('the broker killed (SIGKILL) and started again mid-burst: every invoice accepted, nothing lost or done twice', async () => {
  const restarted = Date.now();
  const issued = await burst(shape, {
    count: 50,
    faultAt: 15,
    fault: async () => {
      await broker!.kill();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await broker!.start();
      console.log(`broker back after ${Date.now() - restarted} ms`);
    },
  });
  const report = await expectNothingLostOrTwice(shape, issued);
  console.log(`broker restart: ${JSON.stringify(report)}`);
  await expectEverySettled(shape.eventStore);
  expect(
    shape
      .processes()
      .filter((p) => !alive(p.pid))
      .map((p) => p.name),
  ).toEqual([]); // none died of it
}, 600_000);

it('PostgreSQL restarted (pg_ctl restart -m fast) mid-burst: every invoice accepted, nothing lost or done twice', async () => {
  const issued = await burst(shape, { count: 50, faultAt: 15, fault: () => postgres!.restart() });
  const report = await expectNothingLostOrTwice(shape, issued);
  console.log(`PostgreSQL restart: ${JSON.stringify(report)}`);
  await expectEverySettled(shape.eventStore);
  expect(
    shape
      .processes()
      .filter((p) => !alive(p.pid))
      .map((p) => p.name),
  ).toEqual([]);
}, 600_000);
