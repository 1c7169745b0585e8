import { describe, expect, it } from 'vitest';
import { dianEndpoints } from '@fe/dian-client';
import { submitterConfigFromEnv, submitterConfigSchema } from '../src/index.ts';

describe('submitter configuration', () => {
  it('defaults are safe for development: both environments on the local simulator, the limits of docs/api.md', () => {
    expect(submitterConfigSchema.parse({})).toEqual({
      endpoints: { habilitacion: dianEndpoints.simulator, production: dianEndpoints.simulator },
      client: { timeoutMs: 30_000, connectTimeoutMs: 10_000, timestampTtlSeconds: 300, keepAliveMs: 4_000 },
      retry: { maxAttempts: 8, baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0.2, contingencyMaxDelayMs: 60_000 },
      concurrencyPerTenant: 4,
      sweepIntervalMs: 250,
      sweepBatch: 100,
      radian: { follow: true, sweepIntervalMs: 5_000 },
    });
  });

  it('reads every key from its environment variable', () => {
    const config = submitterConfigFromEnv({
      DIAN_ENDPOINT_HABILITACION: dianEndpoints.habilitacion,
      DIAN_ENDPOINT_PRODUCTION: dianEndpoints.production,
      DIAN_TIMEOUT_MS: '5000',
      DIAN_CONNECT_TIMEOUT_MS: '2000',
      DIAN_TIMESTAMP_TTL_S: '120',
      DIAN_CA_FILE: '/etc/ca.pem',
      DIAN_KEEP_ALIVE_MS: '0',
      SUBMIT_MAX_ATTEMPTS: '5',
      SUBMIT_RETRY_BASE_MS: '500',
      SUBMIT_RETRY_MAX_MS: '30000',
      SUBMIT_RETRY_JITTER: '0.5',
      SUBMIT_CONTINGENCY_RETRY_MS: '5000',
      SUBMIT_CONCURRENCY_PER_TENANT: '2',
      SUBMIT_SWEEP_INTERVAL_MS: '100',
      SUBMIT_SWEEP_BATCH: '20',
      RADIAN_FOLLOW: 'false',
      RADIAN_SWEEP_INTERVAL_MS: '500',
      RADIAN_CHECK_MAX_INTERVAL_MS: '60000',
    });
    expect(config).toEqual({
      endpoints: { habilitacion: dianEndpoints.habilitacion, production: dianEndpoints.production },
      client: {
        timeoutMs: 5_000,
        connectTimeoutMs: 2_000,
        timestampTtlSeconds: 120,
        keepAliveMs: 0,
        caFile: '/etc/ca.pem',
      },
      retry: { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0.5, contingencyMaxDelayMs: 5_000 },
      concurrencyPerTenant: 2,
      sweepIntervalMs: 100,
      sweepBatch: 20,
      radian: { follow: false, sweepIntervalMs: 500, maxCheckIntervalMs: 60_000 },
    });
  });

  it('DIAN_ENDPOINT stands for both environments when the specific ones are unset', () => {
    expect(submitterConfigFromEnv({ DIAN_ENDPOINT: 'https://example.test/svc' }).endpoints).toEqual({
      habilitacion: 'https://example.test/svc',
      production: 'https://example.test/svc',
    });
  });

  it('refuses values outside their bounds', () => {
    expect(() => submitterConfigFromEnv({ SUBMIT_CONCURRENCY_PER_TENANT: '0' })).toThrow();
    expect(() => submitterConfigFromEnv({ SUBMIT_RETRY_JITTER: '1.5' })).toThrow();
    expect(() => submitterConfigFromEnv({ SUBMIT_MAX_ATTEMPTS: 'many' })).toThrow();
  });

  it('every key has a description naming its environment variable', () => {
    const shape = submitterConfigSchema.shape;
    const described = [
      ...Object.values(shape.endpoints.unwrap().shape),
      ...Object.values(shape.retry.unwrap().shape),
      ...Object.values(shape.radian.unwrap().shape),
      shape.concurrencyPerTenant,
      shape.sweepIntervalMs,
      shape.sweepBatch,
    ].map((s) => s.description ?? '');
    for (const d of described) expect(d).toMatch(/^[A-Z_]+: /);
  });
});
