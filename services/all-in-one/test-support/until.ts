/** Reads `read` every 100 ms until it gives a value; throws `never: <what>` after `ms`. */
export async function until<T>(read: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const value = read();
    if (value !== undefined) return value;
  }
  throw new Error(`never: ${what}`);
}
