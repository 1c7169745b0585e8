import { describe, expect, it } from 'vitest';
import { titleValueTerms, type TitleValueAsk } from './title-value-terms.ts';

const credit = { payableAmount: '595000.00', dueDate: '2026-05-30', paymentMeans: '31' };

describe("a seller's título-valor terms against its invoice", () => {
  it('a 036 asks nothing more: nothing paid before', () => {
    expect(titleValueTerms({ code: '036' }, credit)).toEqual({ ok: true, value: { code: '036', paid_amount: '0.00' } });
    expect(titleValueTerms({ code: '036', paid_amount: 95000 }, credit)).toEqual({
      ok: true,
      value: { code: '036', paid_amount: '95000.00' },
    });
  });

  it("a 037 defaults to a complete endorsement of the whole payable amount, by the invoice's payment means", () => {
    expect(titleValueTerms({ code: '037', discount_rate: 5 }, credit)).toEqual({
      ok: true,
      value: {
        code: '037',
        endorsement_kind: 'complete',
        amount: '595000.00',
        discount_rate: '5',
        payment_means: '31',
      },
    });
    expect(
      titleValueTerms(
        { code: '037', endorsement_kind: 'blank', amount: '500000', discount_rate: '02.50', payment_means: '47' },
        credit,
      ),
    ).toEqual({
      ok: true,
      value: { code: '037', endorsement_kind: 'blank', amount: '500000.00', discount_rate: '2.5', payment_means: '47' },
    });
  });

  it('an invoice paid in cash has no due date and is no título valor: TITLE_VALUE_CASH_INVOICE', () => {
    const cash = { ...credit, dueDate: undefined };
    for (const code of ['036', '037'] as const) {
      const result = titleValueTerms({ code, discount_rate: 1 }, cash);
      expect(result.ok || result.error.code).toBe('TITLE_VALUE_CASH_INVOICE');
    }
  });

  it.each<[string, TitleValueAsk, string[]]>([
    ['paid beyond the invoice', { code: '036', paid_amount: '595000.01' }, ['paid_amount']],
    ['paid with three decimals', { code: '036', paid_amount: '1.005' }, ['paid_amount']],
    ['endorsed beyond the invoice', { code: '037', amount: 600000, discount_rate: 1 }, ['amount']],
    ['endorsed for nothing', { code: '037', amount: 0, discount_rate: 1 }, ['amount']],
    ['discounted beyond 100 %', { code: '037', discount_rate: '100.01' }, ['discount_rate']],
    ['paid by no known means', { code: '037', discount_rate: 1, payment_means: 'ZZ' }, ['payment_means']],
  ])('%s: VALIDATION_ERROR naming the field', (_, ask, paths) => {
    const result = titleValueTerms(ask, credit);
    if (result.ok) throw new Error('accepted');
    expect({ code: result.error.code, paths: result.error.details.map((d) => d.path) }).toEqual({
      code: 'VALIDATION_ERROR',
      paths,
    });
  });
});
