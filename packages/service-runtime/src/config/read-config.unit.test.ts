import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isServiceRuntimeError } from '../errors.ts';
import { readConfig } from './read-config.ts';
import { runtimeConfigSchema } from './runtime-config.ts';

const schema = z.object({
  port: z.coerce.number().int().min(1).default(8080).describe('FE_PORT: HTTP port.'),
  secret: z.string().min(1).describe('FE_SECRET_KEY: a secret (required).'),
  level: z.enum(['info', 'debug']).default('info').describe('FE_LEVEL: a level.'),
});

function failure(env: Record<string, string>) {
  try {
    readConfig(schema, env);
  } catch (error) {
    if (isServiceRuntimeError(error)) return error;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('readConfig: the environment, with errors naming the variable', () => {
  it('reads each variable its description names, defaults the rest', () => {
    expect(readConfig(schema, { FE_SECRET_KEY: 's3cr3t', FE_PORT: '9090' })).toEqual({
      port: 9090,
      secret: 's3cr3t',
      level: 'info',
    });
  });

  it('names a missing variable without a default as required', () => {
    const error = failure({});
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.variables).toEqual(['FE_SECRET_KEY']);
    expect(error.message).toMatch(/FE_SECRET_KEY: required/);
  });

  it('names every malformed variable, and never repeats the value given', () => {
    const error = failure({ FE_SECRET_KEY: 'x', FE_PORT: 'hunter2-port', FE_LEVEL: 'loud-password' });
    expect([...error.variables].sort()).toEqual(['FE_LEVEL', 'FE_PORT']);
    expect(error.message).not.toMatch(/hunter2|loud-password/);
  });

  it('the runtime schema has a safe default for every key', () => {
    expect(readConfig(runtimeConfigSchema, {})).toMatchObject({
      healthHost: '127.0.0.1',
      healthPort: 0,
      logLevel: 'info',
    });
    expect(() => readConfig(runtimeConfigSchema, { FE_HEALTH_PORT: '70000' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', variables: ['FE_HEALTH_PORT'] }),
    );
  });
});
