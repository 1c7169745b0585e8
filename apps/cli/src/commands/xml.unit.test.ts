import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@fe/contracts';
import { xmlCommand } from './xml.ts';

const example = readFileSync(new URL('../../../../examples/invoice-request.json', import.meta.url), 'utf8');
const now = new Date('2026-03-10T15:15:00Z');

describe('fe xml', () => {
  it('prints the unsigned invoice of the example request for the demo tenant', () => {
    const out = xmlCommand(example, now);
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toMatch(/^<\?xml /);
    expect(out.stdout).toContain('<cbc:ID>SETP990000000</cbc:ID>');
    expect(out.stdout).toContain('<cbc:IssueDate>2026-03-10</cbc:IssueDate>');
    expect(out.stdout).toContain('<cbc:PayableAmount currencyID="COP">518001.62</cbc:PayableAmount>');
  });

  it('uses the request number when it is in the demo range', () => {
    const out = xmlCommand(JSON.stringify({ ...JSON.parse(example), number: 990000123 }), now);
    expect(out.stdout).toContain('<cbc:ID>SETP990000123</cbc:ID>');
  });

  it.each([
    ['not JSON', '{', 'MALFORMED_JSON'],
    [
      'a wrong NIT',
      JSON.stringify({
        ...JSON.parse(example),
        customer: { ...JSON.parse(example).customer, document_number: '900108281-1' },
      }),
      'NIT_INVALID',
    ],
    ['a number outside the range', JSON.stringify({ ...JSON.parse(example), number: 5 }), 'NUMBER_OUT_OF_RANGE'],
    ['another prefix', JSON.stringify({ ...JSON.parse(example), prefix: 'FE' }), 'NUMBER_OUT_OF_RANGE'],
    ['missing lines', JSON.stringify({ ...JSON.parse(example), lines: undefined }), 'VALIDATION_ERROR'],
  ])('%s prints the error body and exits 1', (_name, text, code) => {
    const out = xmlCommand(text, now);
    expect(out.exitCode).toBe(1);
    const body = errorBodySchema.parse(JSON.parse(out.stdout));
    expect(body.error.code).toBe(code);
  });
});
