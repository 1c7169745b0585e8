// The embedded default without FE_SMTP_URL: the buyer's mail is written to the data folder's outbox
// (docs/notifier.md), and `pnpm fe outbox` lists it; the portal's confirmation mail goes there too,
// and `pnpm fe outbox --last --to` shows its link as a person can open it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PortalClient } from '../test-support/portal-client.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

it("without FE_SMTP_URL writes the buyer's mail to the outbox folder, which `pnpm fe outbox` lists", async () => {
  const answer = await world.post(exampleRequest);
  expect(answer.status).toBe(201);
  expect(world.embedded.mail).toEqual({ kind: 'outbox', destination: join(world.dataDir, 'outbox') });
  const status = await pollStatus(world, answer.body.cufe, (b) => b.buyer_notification?.stage === 'sent');
  expect(status.buyer_notification).toMatchObject({ email: exampleRequest.customer.email, source: 'request' });
  const listed = fe('outbox', '--data-dir', world.dataDir);
  expect(listed.status, listed.stderr).toBe(0);
  expect(listed.stdout).toContain(
    `${exampleRequest.customer.email}  900123456;EMPRESA DEMO S.A.S.;${answer.body.number};01;Empresa Demo`,
  );
});

it("`pnpm fe outbox --last --to` prints the portal's confirmation mail decoded, its link whole (the .eml is quoted-printable)", async () => {
  const email = 'outbox-reader@empresa.example';
  await new PortalClient(world.url).post(
    '/admin/signup',
    { email, password: 'una clave larga y segura', repeat: 'una clave larga y segura' },
    { formPage: '/admin/signup' },
  );
  const shown = fe('outbox', '--data-dir', world.dataDir, '--last', '--to', email);
  expect(shown.status, shown.stderr).toBe(0);
  expect(shown.stdout).toContain(`To: ${email}`);
  expect(shown.stdout).toMatch(new RegExp(`^${world.url}/admin/confirm\\?token=[A-Za-z0-9_-]+$`, 'm'));
  expect(fe('outbox', '--data-dir', world.dataDir, '--last', '--to', 'nobody@empresa.example').status).toBe(1);
});

function fe(...args: string[]) {
  return spawnSync(process.execPath, [join(import.meta.dirname, '../../../apps/cli/src/main.ts'), ...args], {
    encoding: 'utf8',
  });
}
