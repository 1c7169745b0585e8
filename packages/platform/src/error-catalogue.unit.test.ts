import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './error-catalogue.ts';

const catalogue = errorCatalogue('SampleError', {
  FIXED: { message: 'A fixed message.' },
  BUSY: { message: 'Busy.', retriable: true },
  FREE: {},
});
class SampleError extends catalogue.Error {}
const isSampleError = catalogue.guard(SampleError);

describe('errorCatalogue', () => {
  it("builds the message from the entry and the detail, or from the thrower's words when the entry has none", () => {
    expect(new SampleError('FIXED').message).toBe('A fixed message.');
    expect(new SampleError('FIXED', 'id 7').message).toBe('A fixed message. (id 7)');
    expect(new SampleError('FREE', 'said by the thrower').message).toBe('said by the thrower');
    expect(new SampleError('FREE').message).toBe('FREE');
  });

  it('takes retriable from the entry (default false) unless the thrower says otherwise', () => {
    expect(new SampleError('FIXED').retriable).toBe(false);
    expect(new SampleError('BUSY').retriable).toBe(true);
    expect(new SampleError('FREE', 'x', { retriable: true }).retriable).toBe(true);
  });

  it('carries its name, code, cause, causeCode and field', () => {
    const cause = new Error('below');
    const error = new SampleError('FIXED', undefined, { cause, causeCode: 'CERT_EXPIRED', field: 'nit' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'SampleError', code: 'FIXED', cause, causeCode: 'CERT_EXPIRED', field: 'nit' });
    expect('cause' in new SampleError('FIXED')).toBe(false);
  });

  it('lists its codes, recognises them, and guards its class, optionally for one code', () => {
    expect(catalogue.codes).toEqual(['FIXED', 'BUSY', 'FREE']);
    expect(catalogue.isCode('BUSY')).toBe(true);
    expect(catalogue.isCode('toString')).toBe(false);
    expect(isSampleError(new SampleError('BUSY'))).toBe(true);
    expect(isSampleError(new SampleError('BUSY'), 'BUSY')).toBe(true);
    expect(isSampleError(new SampleError('BUSY'), 'FIXED')).toBe(false);
    expect(isSampleError(new Error('BUSY'))).toBe(false);
  });
});
