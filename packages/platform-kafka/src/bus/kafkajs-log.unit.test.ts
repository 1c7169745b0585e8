import { createLogger } from '@fe/platform';
import { logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { kafkajsLogCreator } from './kafkajs-log.ts';

describe('kafkajsLogCreator', () => {
  it('writes a kafkajs entry as one JSON line with one level, its own under kafkajs_level', () => {
    const lines: string[] = [];
    const logger = createLogger({ destination: { write: (line) => void lines.push(line) } });
    kafkajsLogCreator(logger)(logLevel.ERROR)({
      namespace: 'Connection',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: {
        level: 'ERROR',
        timestamp: '2026-12-04T08:00:00.000Z',
        logger: 'kafkajs',
        message: 'Connection timeout',
        broker: 'b:9092',
      },
    } as never);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.match(/"level"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 40,
      kafkajs: 'Connection',
      kafkajs_level: 'ERROR',
      message: 'Connection timeout',
      broker: 'b:9092',
      msg: 'kafkajs',
    });
  });
});
