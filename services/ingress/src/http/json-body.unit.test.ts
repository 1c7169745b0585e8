import { describe, expect, it } from 'vitest';
import { MAX_DETAILS, boundedDetails } from './bounded-details.ts';
import { declaredCharset, MAX_JSON_DEPTH, nestingDepth, parseJsonBody } from './json-body.ts';

const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'none';
};

describe('nestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(nestingDepth('{"a":"[[[[{{{{\\"[[["}')).toBe(1);
    expect(nestingDepth('['.repeat(100_000))).toBe(100_000); // one loop, no stack
  });
});

describe('parseJsonBody', () => {
  it(`parses up to ${MAX_JSON_DEPTH} levels and refuses deeper with JSON_TOO_DEEP before parsing`, () => {
    const nested = (n: number) => Buffer.from('['.repeat(n) + ']'.repeat(n));
    expect(parseJsonBody('application/json', nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(code(() => parseJsonBody('application/json', nested(MAX_JSON_DEPTH + 1)))).toBe('JSON_TOO_DEEP');
    expect(code(() => parseJsonBody('application/json', nested(3000)))).toBe('JSON_TOO_DEEP');
  });

  it('decodes by the declared charset: Latin-1 bytes read as such, and refused as UTF-8', () => {
    const latin1 = Buffer.from('{"name":"José Peña"}', 'latin1');
    expect(parseJsonBody('application/json; charset=ISO-8859-1', latin1)).toEqual({ name: 'José Peña' });
    expect(parseJsonBody('application/json;charset="windows-1252"', latin1)).toEqual({ name: 'José Peña' });
    expect(parseJsonBody('application/json', Buffer.from('{"name":"José Peña"}'))).toEqual({ name: 'José Peña' });
    expect(code(() => parseJsonBody('application/json; charset=utf-8', latin1))).toBe('MALFORMED_JSON');
  });
});

describe('declaredCharset', () => {
  it('is UTF-8 when absent; UNSUPPORTED_MEDIA_TYPE for what it cannot read', () => {
    expect(declaredCharset(undefined)).toBe('utf-8');
    expect(declaredCharset('application/json; charset=UTF-8')).toBe('utf-8');
    expect(declaredCharset('application/json; charset=latin1')).toBe('windows-1252');
    for (const charset of ['utf-16', 'UTF-16LE', 'utf-32', 'koi8-r', ''])
      expect(code(() => declaredCharset(`application/json; charset=${charset}`))).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('boundedDetails', () => {
  it('keeps 50 details, cuts long texts, and says how many were left out', () => {
    const details = Array.from({ length: 1000 }, (_, i) => ({ path: `k${i}`.repeat(500), message: 'unknown field' }));
    const bounded = boundedDetails(details);
    expect(bounded).toHaveLength(MAX_DETAILS + 1);
    expect(bounded[0]!.path.length).toBeLessThan(260);
    expect(bounded[0]!.path).toMatch(/… \(\d+ caracteres omitidos\)$/);
    expect(bounded.at(-1)).toEqual({ path: '', message: '950 errores más omitidos' });
    expect(boundedDetails([{ path: 'a', message: 'b' }])).toEqual([{ path: 'a', message: 'b' }]);
  });
});
