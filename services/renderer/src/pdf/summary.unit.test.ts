import { describe, expect, it } from 'vitest';
import { balanceAfterAdvances } from './summary.ts';

const totals = (payable: string, prepaid: string) => ({
  lineExtension: '0.00',
  taxExclusive: '0.00',
  taxInclusive: payable,
  allowance: '0.00',
  charge: '0.00',
  prepaid,
  payable,
  byTaxCode: {},
});

describe('balanceAfterAdvances (the PDF\'s "Saldo a pagar" under the total)', () => {
  it('is PayableAmount − PrepaidAmount, exactly', () => {
    expect(balanceAfterAdvances(totals('47600000.00', '15000000.00'))).toBe('32600000.00');
    expect(balanceAfterAdvances(totals('0.30', '0.10'))).toBe('0.20');
    expect(balanceAfterAdvances(totals('100.00', '100.00'))).toBe('0.00');
  });

  it('is not shown without advances, or when they pass the total (ingress refuses that)', () => {
    expect(balanceAfterAdvances(totals('100.00', '0.00'))).toBeUndefined();
    expect(balanceAfterAdvances(totals('100.00', '100.01'))).toBeUndefined();
  });
});
