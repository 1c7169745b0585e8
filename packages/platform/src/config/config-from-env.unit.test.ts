import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { configFromEnv, envNamesOf } from './config-from-env.ts';

const schema = z.object({
  port: z.coerce.number().int().default(8080).describe('FE_PORT: HTTP port.'),
  budget: z.coerce.number().int().default(10_000).describe('FE_WAIT_BUDGET_MS: wait.'),
});

describe('configuration from the environment', () => {
  it('reads the variable each description names, and falls back to defaults', () => {
    expect(envNamesOf(schema)).toEqual({ port: 'FE_PORT', budget: 'FE_WAIT_BUDGET_MS' });
    expect(configFromEnv(schema, { FE_PORT: '9090' })).toEqual({ port: 9090, budget: 10_000 });
  });

  it('takes an empty variable as unset, not as 0', () => {
    expect(configFromEnv(schema, { FE_WAIT_BUDGET_MS: '' }).budget).toBe(10_000);
  });

  it('refuses a key whose description names no variable, and a bad value', () => {
    expect(() => envNamesOf(z.object({ x: z.string().describe('no variable') }))).toThrow(
      /names no environment variable/,
    );
    expect(() => configFromEnv(schema, { FE_PORT: 'eighty' })).toThrow();
  });
});
