import type { logCreator } from 'kafkajs';
import type { Logger } from '@fe/platform';

/**
 * kafkajs's lines into the bus's logger. Its entry carries its own `level` ("ERROR"), `timestamp` and `logger`;
 * copied as they are, a JSON line would hold `level` twice, so its level goes under `kafkajs_level`.
 */
export function kafkajsLogCreator(logger: Logger | undefined): logCreator {
  return () =>
    ({ namespace, label, log }) => {
      const { level: _level, timestamp: _timestamp, logger: _logger, ...fields } = log as Record<string, unknown>;
      logger?.warn({ kafkajs: namespace, kafkajs_level: label, ...fields }, 'kafkajs');
    };
}
