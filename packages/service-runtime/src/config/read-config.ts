import { envNamesOf, type Env } from '@fe/platform';
import type { z } from 'zod';
import { ServiceRuntimeError } from '../errors.ts';

/**
 * `configFromEnv` for a process start: CONFIG_INVALID names every variable at fault, never the value given, which
 * may be a secret.
 */
export function readConfig<S extends z.ZodObject>(schema: S, env: Env): z.infer<S> {
  const names = envNamesOf(schema) as Record<string, string>;
  const raw = Object.fromEntries(
    Object.entries(names)
      .map(([key, name]) => [key, env[name]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as z.infer<S>;
  const faults = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const name = names[key] ?? key;
    if (!faults.has(name)) faults.set(name, describeIssue(issue, key in raw));
  }
  const list = [...faults].map(([name, why]) => `${name}: ${why}`).join('; ');
  throw new ServiceRuntimeError('CONFIG_INVALID', `the environment is not a valid configuration: ${list}`, [
    ...faults.keys(),
  ]);
}

/** What the variable must be, in words that never repeat the value given. */
function describeIssue(issue: z.core.$ZodIssue, given: boolean): string {
  if (!given) return 'required (no default: set it)';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected === 'number' ? 'a number' : `of type ${issue.expected}`}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return `must be ${issue.format === 'url' ? 'a URL' : `in the format ${issue.format}`}`;
    default:
      // Custom refinements and regexes carry a message written for this purpose.
      return issue.message.includes('Invalid') ? 'malformed' : issue.message;
  }
}

/**
 * For a config function that nests keys: its ZodError becomes the same CONFIG_INVALID, each variable found in the
 * description of the failing key.
 */
export function readNestedConfig<T>(schema: z.ZodType, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ZodError' || !('issues' in error)) throw error;
    const faults = new Map<string, string>();
    for (const issue of (error as { issues: z.core.$ZodIssue[] }).issues) {
      const name = variableAt(schema, issue.path) ?? issue.path.join('.');
      if (!faults.has(name)) faults.set(name, describeIssue(issue, true));
    }
    const list = [...faults].map(([name, why]) => `${name}: ${why}`).join('; ');
    throw new ServiceRuntimeError('CONFIG_INVALID', `the environment is not a valid configuration: ${list}`, [
      ...faults.keys(),
    ]);
  }
}

/** The variable named by the description of the key at `path` (wrappers such as default() carry it too). */
function variableAt(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  let node: z.ZodType | undefined = schema;
  let found: string | undefined;
  const read = (n: z.ZodType) => /^([A-Z][A-Z0-9_]*):/.exec(n.description ?? '')?.[1];
  const unwrap = (n: z.ZodType): z.ZodType => {
    let current = n;
    for (
      let inner = (current._zod.def as { innerType?: z.ZodType }).innerType;
      inner;
      inner = (current._zod.def as { innerType?: z.ZodType }).innerType
    ) {
      found = read(current) ?? found;
      current = inner;
    }
    found = read(current) ?? found;
    return current;
  };
  for (const key of path) {
    if (!node) return found;
    const shape: Record<string, z.ZodType> | undefined = (unwrap(node) as { shape?: Record<string, z.ZodType> }).shape;
    found = undefined;
    node = shape?.[String(key)];
  }
  if (node) unwrap(node);
  return found;
}
