// The simulator process's configuration: the test controls stay closed unless asked for, and a
// value that is neither true nor false is refused (naming the variable) rather than read as either.
import { expect, it } from 'vitest';
import { simulatorProcessConfigFromEnv } from '../src/process-config.ts';

const required = { DIAN_SIMULATOR_TRUSTED_CA_FILE: '/run/config/trusted-ca.pem' };

it('DIAN_SIMULATOR_CONTROL: off by default and when empty, on only for "true"', () => {
  expect(simulatorProcessConfigFromEnv(required).control).toBe(false);
  expect(simulatorProcessConfigFromEnv({ ...required, DIAN_SIMULATOR_CONTROL: '' }).control).toBe(false);
  expect(simulatorProcessConfigFromEnv({ ...required, DIAN_SIMULATOR_CONTROL: 'false' }).control).toBe(false);
  expect(simulatorProcessConfigFromEnv({ ...required, DIAN_SIMULATOR_CONTROL: 'true' }).control).toBe(true);
  expect(() => simulatorProcessConfigFromEnv({ ...required, DIAN_SIMULATOR_CONTROL: 'yes' })).toThrow(
    expect.objectContaining({ code: 'CONFIG_INVALID' }),
  );
});

it('DIAN_SIMULATOR_IDENTITY_FILE: unset by default (a throwaway identity per start), else the file named', () => {
  expect(simulatorProcessConfigFromEnv(required).identityFile).toBeUndefined();
  expect(
    simulatorProcessConfigFromEnv({ ...required, DIAN_SIMULATOR_IDENTITY_FILE: '/run/config/identity.pem' })
      .identityFile,
  ).toBe('/run/config/identity.pem');
});

it('DIAN_SIMULATOR_TENANT_REGISTRY: none by default, postgres on request, anything else refused by name', () => {
  expect(simulatorProcessConfigFromEnv(required).tenantRegistry).toBe('none');
  expect(
    simulatorProcessConfigFromEnv({ ...required, DIAN_SIMULATOR_TENANT_REGISTRY: 'postgres' }).tenantRegistry,
  ).toBe('postgres');
  expect(() => simulatorProcessConfigFromEnv({ ...required, DIAN_SIMULATOR_TENANT_REGISTRY: 'sqlite' })).toThrow(
    expect.objectContaining({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('DIAN_SIMULATOR_TENANT_REGISTRY'),
    }),
  );
});
