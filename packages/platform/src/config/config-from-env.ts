import type { z } from 'zod';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads a config schema's variables (each description starts with its variable: docs/architecture.md,
 * convention 6), so the schema is the one list of keys and defaults. An empty variable counts as unset.
 */
export function configFromEnv<S extends z.ZodObject>(schema: S, env: Env): z.infer<S> {
  const raw = Object.fromEntries(
    Object.entries(envNamesOf(schema))
      .map(([key, name]) => [key, env[name]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  return schema.parse(raw) as z.infer<S>;
}

/** Each key's environment variable, as its description names it. */
export function envNamesOf<S extends z.ZodObject>(schema: S): Record<keyof z.infer<S>, string> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const name = /^([A-Z][A-Z0-9_]*):/.exec((field as z.ZodType).description ?? '')?.[1];
      if (!name) throw new Error(`config key ${key} names no environment variable in its description`);
      return [key, name];
    }),
  ) as Record<keyof z.infer<S>, string>;
}
