// A dead letter survives a restart, since the relay's checkpoint is past its event; the status says the step gave
// up, and a re-drive from the CLI takes the invoice on to acceptance.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteCheckpointStore } from '@fe/platform';
import { afterAll, expect, it } from 'vitest';
import { expectEverySettled } from '../test-support/faults/settled.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

const root = new URL('../../../', import.meta.url).pathname;
const fe = (...args: string[]) => spawnSync('pnpm', ['fe', ...args], { cwd: root, encoding: 'utf8' });
const worlds: World[] = [];
afterAll(async () => {
  await worlds.at(-1)?.close();
});

// The signer gives up fast; POST answers 202 rather than wait for a signature that will not come.
const env = { SIGNER_MAX_ATTEMPTS: '2', SIGNER_RETRY_BACKOFF_MS: '10', FE_WAIT_BUDGET_MS: '300' };

async function letters(
  dataDir: string,
  count: number,
): Promise<
  {
    id: number;
    group: string;
    message: { value: { type: string; invoice_id: string } };
    error: string;
    deaths: number;
  }[]
> {
  for (let i = 0; ; i++) {
    const run = fe('dead-letters', 'list', '--json', '--data-dir', dataDir);
    expect(run.status, run.stderr).toBe(0);
    const listed = JSON.parse(run.stdout);
    if (listed.length === count || i === 60) return listed;
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('keeps a dead letter across a restart and re-drives it on request to an accepted invoice', async () => {
  const first = await startWorld(env);
  worlds.push(first);
  // The signed XML cannot be stored: the tenant's folder under files/ is a plain file.
  const tenantFolder = join(first.dataDir, 'files', 'demo');
  writeFileSync(tenantFolder, 'not a folder');
  const created = await first.post(exampleRequest);
  expect(created.status).toBe(202);
  const cufe = created.body.cufe as string;

  const [letter] = await letters(first.dataDir, 1);
  expect(letter).toMatchObject({ group: 'fe.signer', deaths: 1, message: { value: { type: 'InvoiceRequested' } } });
  expect(letter!.error).toMatch(/ENOTDIR|EEXIST/);
  expect(first.logs.some((line) => line.includes('"event_id"') && line.includes('reaction failed'))).toBe(true);
  const halted = await pollStatus(first, cufe, (body) => body.stage === 'signing_failed');
  expect(halted).toMatchObject({ status: 'pending', processing_error: { step: 'signing', at: expect.any(String) } });
  expect(halted.processing_error.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
  expect(letter!.error).toContain(halted.processing_error.code);
  expect(halted.history.at(-1)).toMatchObject({ status: 'pending', stage: 'signing_failed' });
  // The relay's checkpoint moves past the event once every group is done with it (the signer by
  // dead-lettering it): from then on a restart does not deliver it again.
  const head = await first.embedded.eventStore.head();
  const checkpoints = new SqliteCheckpointStore(join(first.dataDir, 'state.sqlite'));
  for (let i = 0; i < 100 && (await checkpoints.load('relay.invoice-events')) < head; i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(await checkpoints.load('relay.invoice-events')).toBe(head);
  checkpoints.close();
  await first.stop();

  rmSync(tenantFolder); // the operator fixes the cause and restarts
  const again = await startWorld(env, undefined, { dataDir: first.dataDir });
  worlds.push(again);
  expect(fe('dead-letters', '--data-dir', again.dataDir).stdout).toContain(
    `#${letter!.id}  fe.signer  InvoiceRequested`,
  );
  await new Promise((r) => setTimeout(r, 1000));
  const waiting = (await again.get(`/api/v1/service/status/${cufe}`)).body;
  // nothing delivers it by itself
  expect(waiting).toMatchObject({ status: 'pending', stage: 'signing_failed', processing_error: { step: 'signing' } });

  const redrive = fe('dead-letters', 'redrive', String(letter!.id), '--data-dir', again.dataDir);
  expect(redrive.status, redrive.stderr).toBe(0);
  expect(redrive.stdout).toContain('1 letter to re-drive');
  const accepted = await pollStatus(again, cufe, (body) => body.status === 'accepted');
  expect(accepted.history.map((h: { stage: string }) => h.stage)).toEqual(
    expect.arrayContaining(['signing_failed', 'signed']),
  );
  expect(accepted.processing_error).toBeUndefined();
  expect(await letters(again.dataDir, 0)).toEqual([]);
  expect(again.logs.some((line) => line.includes('dead letter re-driven and handled'))).toBe(true);
  await expectEverySettled(again.embedded.eventStore);
});

it('the CLI refuses what it cannot do, with usage or a clear message', () => {
  expect(fe('dead-letters', 'redrive').status).toBe(2);
  expect(fe('dead-letters', 'redrive', 'x1').status).toBe(2);
  expect(fe('dead-letters', 'redrive', '1', '--all').status).toBe(2);
  const missing = fe('dead-letters', '--data-dir', join(root, 'no-such-folder'));
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain('no state.sqlite');
});
