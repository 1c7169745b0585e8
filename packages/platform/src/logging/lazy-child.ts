import type { LogFields, Logger, LogLevel } from '../ports/logger.ts';

/**
 * `parent.child(fields)`, made only when a line is written: a pino child runs secret redaction over its
 * bindings, costlier than a reaction's logging when the level writes nothing.
 */
export function lazyChild(parent: Logger, fields: LogFields): Logger {
  let made: Logger | undefined;
  const at = (level: LogLevel) => (f: LogFields, message: string) => {
    if (parent.isLevelEnabled?.(level) === false) return;
    (made ??= parent.child(fields))[level](f, message);
  };
  return {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    child: (more) => lazyChild(parent, { ...fields, ...more }),
    isLevelEnabled: (level) => parent.isLevelEnabled?.(level) ?? true,
  };
}
