import type { XadesError } from '../src/errors.ts';

/** The XadesError code `fn` throws, or undefined when it returns: tests assert codes, not messages. */
export function xadesCodeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as XadesError).code;
  }
  return undefined;
}
