// The README's start line under a process supervisor: the process it starts is the service, so a
// SIGTERM to that process id stops the service cleanly and leaves nothing running. (Started
// through `pnpm start` and pnpm's node shim, the service outlived the SIGTERM, orphaned, with its
// port still open.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, startChildService, stopChild, type ChildService } from '../test-support/child-service.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fe-start-line-'));
let service: ChildService | undefined;
afterAll(async () => {
  if (service) await stopChild(service.process, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

let firstKey = '';

it("a SIGTERM to the start line's process stops the service: exit code 0, port closed", async () => {
  const port = await freePort();
  service = await startChildService({ FE_DATA_DIR: dataDir, FE_PORT: String(port), FE_LOG_LEVEL: 'info' });
  firstKey = service.apiKey;
  expect(service.output().split(firstKey)).toHaveLength(2); // the start that issued the key prints it once
  expect((await fetch(`${service.url}/docs`)).status).toBe(200);
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    service!.process.once('exit', (code, signal) => resolve([code, signal])),
  );
  service.process.kill('SIGTERM');
  // the service's own shutdown ran and exited, not a shell killed by the signal
  expect(await exited).toEqual([0, null]);
  service = undefined;
  expect(
    await fetch(`http://127.0.0.1:${port}/docs`).then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused');
});

it('a later start does not print the API key; the command its welcome text names prints it', async () => {
  expect(firstKey).toMatch(/^fe_test_/);
  service = await startChildService({ FE_DATA_DIR: dataDir, FE_PORT: String(await freePort()), FE_LOG_LEVEL: 'info' });
  expect(service.output()).toContain('Using the demo tenant');
  expect(service.output()).not.toContain(firstKey);
  expect(service.output()).not.toContain(firstKey.slice(8)); // nor its random part
  expect(service.apiKey).toBe(firstKey); // read with the printed `pnpm -s fe api-key --data-dir …`
  const answer = await fetch(`${service.url}/api/v1/service/status/${'0'.repeat(96)}`, {
    headers: { authorization: `Bearer ${service.apiKey}` },
  });
  expect(answer.status).toBe(404); // authenticated: an unknown invoice, not a 401
  await stopChild(service.process, 'SIGTERM');
  service = undefined;
});
