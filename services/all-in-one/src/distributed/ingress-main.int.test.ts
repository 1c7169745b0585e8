import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requiredTestEnv, startServiceProcess } from '@fe/platform/testing';
import { createPostgresPool } from '@fe/platform-postgres';
import { testPostgresUrl } from '@fe/platform-postgres/testing';
import { afterAll, describe, expect, it } from 'vitest';

// The ingress process started before any projection process (docker-compose orders them, a person
// starting processes by hand may not): it must answer from the status views, not fail on tables
// nobody has made yet. Its own schema and data folder, so it meets no other test's rows.
const schema = `fe_test_${randomBytes(6).toString('hex')}`;
const data = mkdtempSync(join(tmpdir(), 'fe-ingress-main-'));
const env = {
  PATH: process.env.PATH,
  FE_POSTGRES_URL: testPostgresUrl(),
  FE_POSTGRES_SCHEMA: schema,
  FE_KAFKA_BROKERS: requiredTestEnv('FE_TEST_KAFKA_BROKERS'),
  FE_SCHEMA_REGISTRY_URL: requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'),
  FE_S3_ENDPOINT: requiredTestEnv('FE_TEST_S3_ENDPOINT'),
  FE_S3_ACCESS_KEY: requiredTestEnv('FE_TEST_S3_ACCESS_KEY'),
  FE_S3_SECRET_KEY: requiredTestEnv('FE_TEST_S3_SECRET_KEY'),
  FE_MASTER_KEY_FILE: join(data, 'master.key'),
  FE_KAFKA_GROUP_PREFIX: `${schema}.`,
  FE_KAFKA_TOPIC_PREFIX: `${schema}.`,
  FE_HEALTH_PORT: '0',
  FE_PORT: '0',
};
const script = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(data, { recursive: true, force: true });
  const pool = createPostgresPool({ connectionString: testPostgresUrl() });
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => pool.end());
});

describe('the ingress process on its own', () => {
  it('started before the projection ever ran, answers a status query with 404 INVOICE_NOT_FOUND, not a 500', async () => {
    const prepared = spawnSync(process.execPath, [script('prepare.ts'), data, 'http://127.0.0.1:1'], {
      env,
      encoding: 'utf8',
    });
    expect(prepared.status, prepared.stderr).toBe(0);
    const apiKey = spawnSync(process.execPath, [script('prepare.ts'), data, '--api-key'], {
      env,
      encoding: 'utf8',
    }).stdout.trim();
    expect(apiKey).not.toBe('');

    const service = startServiceProcess(fileURLToPath(new URL('../../../ingress/src/main.ts', import.meta.url)), env);
    child = service.child;
    const { lines, exited } = service;

    await expect
      .poll(() => lines.find((l) => l.msg === 'ingress listening'), { timeout: 90_000, interval: 100 })
      .toBeDefined();
    const url = String(lines.find((l) => l.msg === 'ingress listening')!.url);
    const answer = await fetch(`${url}/api/v1/service/status/${'ab'.repeat(48)}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect({ status: answer.status, body: await answer.json() }).toMatchObject({
      status: 404,
      body: { error: { code: 'INVOICE_NOT_FOUND' } },
    });

    child.kill('SIGTERM');
    expect(await exited, service.stderr()).toBe(0);
  });
});
