import type { LogFields, Logger } from '@fe/platform';

export type LogEntry = { level: 'info' | 'warn' | 'error' | 'debug'; fields: LogFields; message: string };

/** A Logger that keeps every entry (children included) so tests can assert the logs, the fifth exit. */
export function recordingLogger(entries: LogEntry[] = [], bound: LogFields = {}): Logger & { entries: LogEntry[] } {
  const log = (level: LogEntry['level']) => (fields: LogFields, message: string) =>
    void entries.push({ level, fields: { ...bound, ...fields }, message });
  return {
    entries,
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    child: (fields) => recordingLogger(entries, { ...bound, ...fields }),
  };
}
