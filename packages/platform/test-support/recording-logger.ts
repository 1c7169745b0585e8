// A Logger that keeps every entry (with its child bindings) so tests can check the fifth exit of a
// request: what was logged, and that nothing secret was.
import type { LogFields, Logger } from '../src/ports/logger.ts';

export type LogEntry = { level: 'info' | 'warn' | 'error' | 'debug'; message: string; fields: LogFields };
export type RecordingLogger = Logger & { entries: LogEntry[]; text(): string };

export function createRecordingLogger(): RecordingLogger {
  const entries: LogEntry[] = [];
  const make = (bindings: LogFields): Logger => {
    const write = (level: LogEntry['level']) => (fields: LogFields, message: string) =>
      void entries.push({ level, message, fields: { ...bindings, ...fields } });
    return {
      info: write('info'),
      warn: write('warn'),
      error: write('error'),
      debug: write('debug'),
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  const root = make({});
  return {
    ...root,
    entries,
    text: () =>
      JSON.stringify(entries, (_key, value: unknown) =>
        value instanceof Error
          ? { name: value.name, message: value.message }
          : typeof value === 'bigint'
            ? String(value)
            : value,
      ),
  };
}
