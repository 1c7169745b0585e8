import { describe, expect, it } from 'vitest';
import { ingressProcessConfigFromEnv } from './process-config.ts';

const required = { FE_S3_ACCESS_KEY: 'k', FE_S3_SECRET_KEY: 's', FE_MASTER_KEY_FILE: '/run/secrets/fe-master.key' };

describe('the ingress process configuration', () => {
  it('reads the API address, the platform and the ingress keys with their defaults', () => {
    const config = ingressProcessConfigFromEnv({ ...required, FE_PORT: '8081', FE_WAIT_BUDGET_MS: '2000' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8081,
      postgresSchema: 'fe',
      bucket: 'fe-documents',
      ingress: { waitBudgetMs: 2000, linkTtlSeconds: 604_800 },
    });
  });

  it('names the secrets that have no default, never their values', () => {
    expect(() => ingressProcessConfigFromEnv({ FE_POSTGRES_URL: 'mysql://root:hunter2@db/x' })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        variables: ['FE_POSTGRES_URL', 'FE_S3_ACCESS_KEY', 'FE_S3_SECRET_KEY', 'FE_MASTER_KEY_FILE'],
        message: expect.not.stringContaining('hunter2'),
      }),
    );
  });

  it('names a bad ingress key and a bad API port by their variables', () => {
    expect(() => ingressProcessConfigFromEnv({ ...required, FE_PORT: '70000' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', variables: ['FE_PORT'] }),
    );
    expect(() => ingressProcessConfigFromEnv({ ...required, FE_LINK_TTL_SECONDS: String(7 * 24 * 3600 + 1) })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        variables: ['FE_LINK_TTL_SECONDS'],
      }),
    );
    expect(() =>
      ingressProcessConfigFromEnv({ ...required, FE_HEADERS_TIMEOUT_MS: '60000', FE_REQUEST_TIMEOUT_MS: '1000' }),
    ).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        variables: ['FE_HEADERS_TIMEOUT_MS'],
      }),
    );
  });
});
