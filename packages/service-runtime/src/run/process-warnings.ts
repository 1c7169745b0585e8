import type { Logger } from '@fe/platform';

/**
 * Warnings known to be harmless, logged once at info with the reason. kafkajs sets a timer from a deadline already
 * past (tulios/kafkajs#1751); Node clamps it to 1 ms and warns on each.
 */
const KNOWN: Readonly<Record<string, string>> = {
  TimeoutNegativeWarning: 'kafkajs sets a timer from a deadline already past; Node runs it after 1 ms (kafkajs#1751)',
};

/**
 * Node's process warnings as JSON lines of the process's logger, in place of Node's plain-text writer on stderr,
 * which would break a JSON log. Returns the undo (for tests).
 */
export function logProcessWarnings(logger: Logger, target: NodeJS.Process = process): () => void {
  const previous = target.listeners('warning');
  const seen = new Set<string>();
  const onWarning = (warning: Error & { code?: string }) => {
    const fields = { warning: { name: warning.name, ...(warning.code ? { code: warning.code } : {}) } };
    const reason = KNOWN[warning.name];
    if (!reason) return logger.warn({ ...fields, detail: warning.message }, 'process warning');
    if (seen.has(warning.name)) return;
    seen.add(warning.name);
    logger.info({ ...fields, reason }, 'known process warning; later ones of this name are not logged');
  };
  target.removeAllListeners('warning');
  target.on('warning', onWarning);
  return () => {
    target.off('warning', onWarning);
    for (const listener of previous) target.on('warning', listener as (warning: Error) => void);
  };
}
