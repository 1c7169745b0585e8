// Every process's log of a distributed run, line by line: what is not one JSON object, and which keys a line
// repeats (JSON.parse keeps the last of two, so the text itself is read).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type LogLine = { process: string; text: string; json: Record<string, unknown> | undefined };

/** Every non-empty line of `<dataDir>/logs/*.log`, named by its process (the file's name). */
export function logLines(dataDir: string): LogLine[] {
  const folder = join(dataDir, 'logs');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.log'))
    .flatMap((file) =>
      readFileSync(join(folder, file), 'utf8')
        .split('\n')
        .filter((text) => text.trim() !== '')
        .map((text) => ({ process: file.slice(0, -'.log'.length), text, json: jsonObject(text) })),
    );
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The keys an object of this JSON text holds twice (at any depth), e.g. ['level']; [] when none. */
export function duplicateKeys(text: string): string[] {
  const scopes: { keys: Set<string> | undefined }[] = [];
  const repeated: string[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = scopes.at(-1)?.keys;
      if (expectingKey && keys) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) repeated.push(key);
        keys.add(key);
        expectingKey = false;
      }
      i = end;
    } else if (c === '{') {
      scopes.push({ keys: new Set() });
      expectingKey = true;
    } else if (c === '[') scopes.push({ keys: undefined });
    else if (c === '}' || c === ']') scopes.pop();
    else if (c === ',') expectingKey = scopes.at(-1)?.keys !== undefined;
  }
  return repeated;
}
