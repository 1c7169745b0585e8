// The two-submitter fault of distributed-shape.e2e.test.ts with every core busy (a CPU hog): timers fire late and
// claims lapse while their holders still work, and DIAN must still receive each document once.
import { startCpuHog, type CpuHog } from '@fe/platform/testing';
import { afterAll, beforeAll, it } from 'vitest';
import { twoSubmittersNeverSendTwice } from '../test-support/faults/two-submitters.ts';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';

let shape: DistributedShape;
let hog: CpuHog | undefined;
beforeAll(async () => {
  shape = await startDistributedShape();
}, 600_000);
afterAll(async () => {
  await hog?.stop();
  await shape?.close();
}, 300_000);

it('under a CPU hog, two submitter instances never send one document to DIAN twice', async () => {
  hog = startCpuHog();
  try {
    const seen = await twoSubmittersNeverSendTwice(shape);
    console.log(`two submitters under a CPU hog (pids ${hog.pids.join(',')}): ${JSON.stringify(seen)}`);
  } finally {
    await hog.stop();
  }
}, 600_000);
