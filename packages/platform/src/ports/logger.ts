/**
 * Structured logs (pino's shape): an object first, then a message. A child logger per service and
 * per message. The adapter redacts secrets by path (see adapters/pino/create-logger.ts).
 */
export type LogFields = Record<string, unknown>;
export type LogLevel = 'info' | 'warn' | 'error' | 'debug';

export interface Logger {
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
  debug(fields: LogFields, message: string): void;
  child(fields: LogFields): Logger;
  /** False when lines at `level` are dropped (pino has it); absent means "assume written". */
  isLevelEnabled?(level: LogLevel): boolean;
}
