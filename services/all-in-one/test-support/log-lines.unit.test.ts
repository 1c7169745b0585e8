import { describe, expect, it } from 'vitest';
import { duplicateKeys } from './log-lines.ts';

describe('duplicateKeys', () => {
  it('finds a key an object holds twice, at any depth, and nothing in strings or arrays', () => {
    expect(duplicateKeys('{"level":40,"kafkajs":"x","level":"ERROR"}')).toEqual(['level']);
    expect(duplicateKeys('{"a":{"b":1,"b":2},"c":[{"d":1},{"d":2}]}')).toEqual(['b']);
    expect(duplicateKeys('{"msg":"a \\"level\\": twice, \\"level\\"","level":30,"err":{"level":1}}')).toEqual([]);
  });
});
