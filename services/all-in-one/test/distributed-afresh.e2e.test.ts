// Starting the distributed shape again after its data folder was removed on its own (docs/service.md, "Starting
// afresh"): the tenants in PostgreSQL are sealed with the removed master key, so the start stops with one line
// naming the command that removes both; that command run, the next start succeeds with a new demo tenant.
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import {
  apiKeyIn,
  discardDistributedShape,
  prepareDistributedRun,
  root,
  run,
  startDistributedShape,
  stopDistributedShape,
  type DistributedRun,
} from '../test-support/start-distributed.ts';

let shape: DistributedRun | undefined;
afterAll(() => discardDistributedShape(shape), 300_000);

it('a start after `rm -rf <data>` says in one line what to run; after it, the start succeeds', async () => {
  shape = await prepareDistributedRun({ namespace: 'afresh', signers: 1 });
  const first = await startDistributedShape(shape);
  expect(apiKeyIn(first)).toMatch(/^fe_test_/);
  await stopDistributedShape(shape);
  rmSync(shape.dataDir, { recursive: true, force: true });

  const refused = await startDistributedShape(shape).then(
    () => ({ stderr: 'started' }),
    (error: { stderr: string }) => error,
  );
  // The servers' own progress lines (infra/up.sh, when this run brought them up) aside, one line.
  const lines = refused.stderr
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('infra: '));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^prepare: SECRET_UNREADABLE: PostgreSQL \(schema fe_afresh_\w+\) holds tenants sealed/);
  const command = /start afresh with: (.+)$/.exec(lines[0]!)![1]!;
  expect(command).toBe(
    `FE_DATA_DIR=${shape.dataDir} FE_POSTGRES_SCHEMA=${shape.names.schema} pnpm -s reset:distributed`,
  );

  // The named command, in the start's environment (the variables it names are already there).
  const reset = await run('bash', ['-c', command], { cwd: root, env: shape.env, timeout: 200_000 });
  expect(reset.stdout).toContain(`dropped the PostgreSQL schema ${shape.names.schema}`);

  const again = await startDistributedShape(shape);
  const apiKey = apiKeyIn(again);
  expect(apiKey).toMatch(/^fe_test_/); // a new demo tenant, its key printed once
  const answer = await fetch(`${shape.url}/api/v1/service/status/${'ab'.repeat(48)}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(answer.status).toBe(404); // the key opens the API (not 401): no such invoice
}, 900_000);
