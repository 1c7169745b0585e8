// The status read model lives in its own file (status.sqlite) and is rebuilt from the event store
// when that file is missing at start: a data folder from before the file existed, or one whose
// read model an operator deleted. The answer afterwards equals the one before.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

const worlds: World[] = [];
afterAll(async () => {
  await worlds.at(-1)?.close();
});

it('rebuilds a missing status file from the event store at start', async () => {
  const first = await startWorld();
  worlds.push(first);
  const created = await first.post(exampleRequest);
  expect(created.status).toBe(201);
  // Once the last step (the buyer's mail, into the outbox) is recorded: the rebuild folds every event.
  await pollStatus(first, created.body.cufe, (b) => b.buyer_notification?.stage === 'sent');
  const before = await first.get(`/api/v1/service/status/${created.body.cufe}`);
  expect(before.body.status).toBe('accepted');
  await first.stop();

  for (const suffix of ['', '-wal', '-shm']) rmSync(join(first.dataDir, `status.sqlite${suffix}`), { force: true });
  const again = await startWorld({}, undefined, { dataDir: first.dataDir });
  worlds.push(again);
  const after = await again.get(`/api/v1/service/status/${created.body.cufe}`);
  expect(after.status).toBe(200);
  const comparable = (body: { xml_url?: string; pdf_url?: string; request_id?: string }) => ({
    ...body,
    xml_url: undefined,
    pdf_url: undefined,
    request_id: undefined,
  });
  expect(comparable(after.body)).toEqual(comparable(before.body)); // links are minted per answer
  expect(again.logs.some((line) => line.includes('status views rebuilt from the event store'))).toBe(true);
});
