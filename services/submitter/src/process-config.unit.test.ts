import { describe, expect, it } from 'vitest';
import { submitterProcessConfigFromEnv } from './process-config.ts';

const required = { FE_S3_ACCESS_KEY: 'k', FE_S3_SECRET_KEY: 's', FE_MASTER_KEY_FILE: '/run/secrets/fe-master.key' };

describe('the submitter process configuration', () => {
  it('reads the platform, the service keys and the cap with their defaults', () => {
    const config = submitterProcessConfigFromEnv({ ...required, SUBMIT_CONCURRENCY_PER_TENANT: '2' });
    expect(config).toMatchObject({
      postgresSchema: 'fe',
      slotConnections: 16,
      submitter: { concurrencyPerTenant: 2, retry: { maxAttempts: 8 } },
    });
  });

  it('names the secrets that have no default', () => {
    expect(() => submitterProcessConfigFromEnv({})).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        variables: ['FE_S3_ACCESS_KEY', 'FE_S3_SECRET_KEY', 'FE_MASTER_KEY_FILE'],
      }),
    );
  });

  it('names a nested service key by its variable', () => {
    expect(() =>
      submitterProcessConfigFromEnv({ ...required, SUBMIT_MAX_ATTEMPTS: 'many', SUBMIT_CONCURRENCY_PER_TENANT: '0' }),
    ).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        variables: ['SUBMIT_MAX_ATTEMPTS', 'SUBMIT_CONCURRENCY_PER_TENANT'],
      }),
    );
  });
});
