// The embedded default without FE_SMTP_URL: the buyer's mail is written to the data folder's outbox
// (docs/notifier.md), and `pnpm fe outbox` lists it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

it('without FE_SMTP_URL writes the buyer\'s mail to the outbox folder, which `pnpm fe outbox` lists', async () => {
  const answer = await world.post(exampleRequest);
  expect(answer.status).toBe(201);
  expect(world.embedded.mail).toEqual({ kind: 'outbox', destination: join(world.dataDir, 'outbox') });
  const status = await pollStatus(world, answer.body.cufe, (b) => b.buyer_notification?.stage === 'sent');
  expect(status.buyer_notification).toMatchObject({ email: exampleRequest.customer.email, source: 'request' });
  const listed = spawnSync(process.execPath, [join(import.meta.dirname, '../../../apps/cli/src/main.ts'), 'outbox', '--data-dir', world.dataDir], { encoding: 'utf8' });
  expect(listed.status, listed.stderr).toBe(0);
  expect(listed.stdout).toContain(`${exampleRequest.customer.email}  900123456;EMPRESA DEMO S.A.S.;${answer.body.number};01;Empresa Demo`);
});
