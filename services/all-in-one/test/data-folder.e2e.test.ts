// The data folder holds customers' names, NITs and e-mails, the signed invoices, the encrypted
// certificates and the keys that open them: after a start and one invoice, nothing in it is
// readable by anyone but the owner; a folder others can write is refused at the start line.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { demoSoftware } from '@fe/dian-domain';
import { afterAll, expect, it } from 'vitest';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
let world: World | undefined;
const folders: string[] = [];
afterAll(async () => {
  await world?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Every entry under `dir` with its permission bits, as paths relative to it. */
function modesUnder(dir: string): { folders: Record<string, string>; files: Record<string, string> } {
  const found = { folders: {} as Record<string, string>, files: {} as Record<string, string> };
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const mode = (statSync(path).mode & 0o777).toString(8);
      if (entry.isDirectory()) {
        found.folders[relative(dir, path)] = mode;
        walk(path);
      } else found.files[relative(dir, path)] = mode;
    }
  };
  found.folders['.'] = (statSync(dir).mode & 0o777).toString(8);
  walk(dir);
  return found;
}

it('after a start and one invoice, every folder under the data folder is 0700 and every file 0600; no file holds the plain PIN', async () => {
  // The usual umask, under which the data folder was 0755 and its files 0644: the modes below come
  // from the service itself, not from a strict umask of the test run.
  const previous = process.umask(0o022);
  try {
    world = await startWorld();
    const created = await world.post(exampleRequest);
    expect(created.status).toBe(201);
    const { folders: open } = modesUnder(world.dataDir); // while running: the -wal and -shm files exist
    expect(Object.keys(open)).toContain('files');
    const running = modesUnder(world.dataDir).files;
    await world.stop();
    const { folders: afterStop, files } = modesUnder(world.dataDir);
    expect(Object.keys(running)).toEqual(
      expect.arrayContaining([
        'tenants.sqlite-wal',
        'events.sqlite-shm',
        'dian-simulator.sqlite',
        'master.key',
        'links.key',
      ]),
    );
    expect(Object.keys(running).some((path) => path.endsWith('.pdf'))).toBe(true);
    for (const [path, mode] of Object.entries({ ...running, ...files }))
      expect({ path, mode }).toEqual({ path, mode: '600' });
    for (const [path, mode] of Object.entries({ ...open, ...afterStop }))
      expect({ path, mode }).toEqual({ path, mode: '700' });

    for (const path of Object.keys(files)) {
      expect(readFileSync(join(world.dataDir, path)).includes(`"pin":"${demoSoftware.pin}"`), path).toBe(false);
    }
  } finally {
    process.umask(previous);
  }
});

it('the start line refuses a data folder others can write: exit 1, DATA_FOLDER_UNSAFE in its output, nothing created in it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-unsafe-'));
  folders.push(dataDir);
  chmodSync(dataDir, 0o777);
  const run = spawnSync('bash', [join(repoRoot, 'scripts/start.sh')], {
    cwd: repoRoot,
    env: { ...process.env, FE_DATA_DIR: dataDir, FE_PORT: '0', FE_LOG_LEVEL: 'info' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stdout + run.stderr).toContain('DATA_FOLDER_UNSAFE');
  expect(run.stdout).not.toContain('Electronic invoicing service');
  expect(readdirSync(dataDir)).toEqual([]);
  expect(statSync(dataDir).mode & 0o777).toBe(0o777);
});
