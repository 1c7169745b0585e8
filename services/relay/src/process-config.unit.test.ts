import { describe, expect, it } from 'vitest';
import { relayProcessConfigFromEnv } from './process-config.ts';

describe('the relay process configuration', () => {
  it('has a safe development default for every key', () => {
    expect(relayProcessConfigFromEnv({})).toMatchObject({
      name: 'relay.invoice-events',
      kafkaBrokers: '127.0.0.1:59092',
      healthPort: 0,
    });
  });

  it('names each malformed variable', () => {
    expect(() =>
      relayProcessConfigFromEnv({ FE_KAFKA_BROKERS: 'no port', RELAY_NAME: 'Bad Name', FE_POSTGRES_URL: 'mysql://x' }),
    ).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        variables: expect.arrayContaining(['FE_KAFKA_BROKERS', 'RELAY_NAME', 'FE_POSTGRES_URL']),
      }),
    );
  });
});
