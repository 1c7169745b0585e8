// docker-compose.yml as Debian's docker-compose reads it (no Docker engine here: `config` parses,
// merges and interpolates without one). scripts/install-system-tools.sh installs docker-compose.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');
// Dummies for the substitutions the file requires (its secrets are never in it).
const required = {
  FE_POSTGRES_PASSWORD: 'dummy-password',
  FE_S3_ACCESS_KEY: 'dummy-access',
  FE_S3_SECRET_KEY: 'dummy-secret',
  FE_S3_PUBLIC_ENDPOINT: 'https://documents.example.com',
  FE_SMTP_URL: 'smtps://mail.example.com',
  DIAN_TRUSTED_PEM_FILE: './secrets/dian-trusted.pem',
};

function composeConfig(env: Record<string, string>, ...options: string[]) {
  // Only PATH from this process: a developer's own FE_* variables must not decide the outcome.
  return spawnSync(
    'docker-compose',
    ['--project-directory', root, '-f', join(root, 'docker-compose.yml'), ...options, 'config', '--quiet'],
    {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

describe('docker-compose config', () => {
  it('accepts the file with its required variables set, with and without the simulator profile', () => {
    for (const options of [[], ['--profile', 'habilitacion-sim']]) {
      const run = composeConfig(required, ...options);
      expect(run.error, 'docker-compose is installed (scripts/install-system-tools.sh)').toBeUndefined();
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    }
  });

  it.each(Object.keys(required))('refuses to run without %s, naming it', (name) => {
    const run = composeConfig(Object.fromEntries(Object.entries(required).filter(([key]) => key !== name)));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(name);
  });
});
