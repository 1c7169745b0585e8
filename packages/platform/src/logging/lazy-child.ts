import type { LogFields, Logger, LogLevel } from '../ports/logger.ts';

/**
 * `parent.child(fields)`, made only when a line is actually written. Reactions bind the event's
 * ids to a child per message; making a pino child runs the secret redaction over its bindings,
 * which costs more than the whole reaction's logging when the level writes nothing.
 *
 *   const log = lazyChild(ports.logger, { reaction: 'on-invoice-requested', invoice_id });
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
