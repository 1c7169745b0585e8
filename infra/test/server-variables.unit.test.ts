import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseEnvLines, serverVariables, serversToStart } from '../test-support/server-variables.ts';

describe('serversToStart', () => {
  it('starts every server when no variable is set', () => {
    expect(serversToStart({}).map((s) => s.server)).toEqual(['postgres', 'kafka', 'registry', 's3', 'mail']);
  });

  it('leaves a server whose address is already set to whoever set it', () => {
    const env = {
      FE_TEST_POSTGRES_URL: 'postgres://postgres@127.0.0.1:15432/postgres',
      FE_TEST_S3_ENDPOINT: 'http://127.0.0.1:19000',
      FE_TEST_IMAP_URL: 'imap://127.0.0.1:1143',
    };
    expect(serversToStart(env).map((s) => s.server)).toEqual(['kafka', 'registry']);
  });

  it('treats an empty variable as unset', () => {
    expect(serversToStart({ FE_TEST_KAFKA_BROKERS: '' }).map((s) => s.server)).toContain('kafka');
  });
});

describe('infra/env.sh', () => {
  const printed = parseEnvLines(
    execFileSync('bash', [fileURLToPath(new URL('../env.sh', import.meta.url))], { encoding: 'utf8' }),
  );

  it('prints a value for every variable the tests are given', () => {
    for (const { variables } of serverVariables) {
      for (const name of variables) expect(printed.get(name), name).toMatch(/\S/);
    }
  });

  it('points every server at loopback', () => {
    for (const name of [
      'FE_TEST_POSTGRES_URL',
      'FE_TEST_KAFKA_BROKERS',
      'FE_TEST_SCHEMA_REGISTRY_URL',
      'FE_TEST_S3_ENDPOINT',
      'FE_TEST_IMAP_URL',
      'FE_TEST_MAIL_SMTP_URL',
    ]) {
      expect(printed.get(name), name).toContain('127.0.0.1:');
    }
  });
});

describe('parseEnvLines', () => {
  it('reads export lines and ignores anything else', () => {
    const values = parseEnvLines('export A_B=1\nnoise\nexport C=x=y\n');
    expect([...values]).toEqual([
      ['A_B', '1'],
      ['C', 'x=y'],
    ]);
  });
});
