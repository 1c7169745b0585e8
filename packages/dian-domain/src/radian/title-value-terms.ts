import type { ErrorDetail } from '@fe/contracts';
import { codelists, hasCode } from '../codelists/index.ts';
import { failure, type Result } from '../errors/domain-error.ts';
import { decimalText, money, parseDecimal, roundHalfUp } from '../money/decimal.ts';
import { isPercentage } from './negotiation.ts';

/** The título valor's terms a seller's request names (the API's fields, as JSON gives them); absent: the default. */
export type TitleValueAsk = {
  code: '036' | '037';
  paid_amount?: number | string | undefined;
  endorsement_kind?: 'complete' | 'blank' | undefined;
  amount?: number | string | undefined;
  discount_rate?: number | string | undefined;
  payment_means?: string | undefined;
};

/** What the invoice itself says (its request): the defaults, and the bounds the terms keep. */
export type TitleValueInvoice = { payableAmount: string; dueDate: string | undefined; paymentMeans: string };

/** The terms with every default filled, as InvoiceRadianEventRequested records them. */
export type TitleValueTerms =
  | { code: '036'; paid_amount: string }
  | {
      code: '037';
      endorsement_kind: 'complete' | 'blank';
      amount: string;
      discount_rate: string;
      payment_means: string;
    };

const cents = (amount: string) => roundHalfUp(parseDecimal(amount), 2);
/** A JSON number or string as a decimal of at most two places, or undefined (the API checked it; a form may not). */
function decimalOf(value: number | string): string | undefined {
  try {
    const text = decimalText(value);
    return /^\d{1,15}(\.\d{1,2})?$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A seller's 036 or 037 terms against its invoice (pure; docs/radian.md, "The título valor's data"), before anything
 * is recorded: TITLE_VALUE_CASH_INVOICE for an invoice without a due date, VALIDATION_ERROR naming each field out of
 * bounds; else the terms with the invoice's defaults (nothing paid, the whole payable amount, its payment means).
 */
export function titleValueTerms(ask: TitleValueAsk, invoice: TitleValueInvoice): Result<TitleValueTerms> {
  if (!invoice.dueDate)
    return failure('TITLE_VALUE_CASH_INVOICE', 'The invoice has no due date: it is not a título valor.', [
      { path: 'payment.due_date', message: 'the invoice was paid in cash (no due date)' },
    ]);
  const errors: ErrorDetail[] = [];
  const payable = cents(invoice.payableAmount);
  const amountOf = (path: string, value: number | string | undefined, fallback: string) => {
    if (value === undefined) return fallback;
    const text = decimalOf(value);
    if (text === undefined) errors.push({ path, message: 'a decimal with at most 2 decimals' });
    else if (cents(text) > payable)
      errors.push({ path, message: `at most the invoice's payable amount ${money(payable)}` });
    return text === undefined ? fallback : money(cents(text));
  };
  if (ask.code === '036') {
    const paid = amountOf('paid_amount', ask.paid_amount, '0.00');
    return errors.length
      ? failure('VALIDATION_ERROR', 'The terms are out of bounds.', errors)
      : ok({ code: '036', paid_amount: paid });
  }
  const amount = amountOf('amount', ask.amount, money(payable));
  if (cents(amount) === 0n) errors.push({ path: 'amount', message: 'an endorsement is of more than 0' });
  const rate = ask.discount_rate === undefined ? '0' : decimalOf(ask.discount_rate);
  if (rate === undefined || !isPercentage(rate))
    errors.push({ path: 'discount_rate', message: 'a percentage from 0 to 100, at most 2 decimals' });
  const means = ask.payment_means ?? invoice.paymentMeans;
  if (!hasCode(codelists.paymentMeans, means))
    errors.push({ path: 'payment_means', message: "not a code of DIAN's MediosPago list" });
  if (errors.length) return failure('VALIDATION_ERROR', 'The terms are out of bounds.', errors);
  return ok({
    code: '037',
    endorsement_kind: ask.endorsement_kind ?? 'complete',
    amount,
    discount_rate: normalizedRate(rate!),
    payment_means: means,
  });
}

const ok = (value: TitleValueTerms): Result<TitleValueTerms> => ({ ok: true, value });

/** A percentage as the event records it: no leading zeros, at most two decimals ('05.50' → '5.5'). */
function normalizedRate(rate: string): string {
  const d = parseDecimal(rate);
  const [int, frac = ''] = money(roundHalfUp(d, 2)).split('.');
  const cut = frac.replace(/0+$/, '');
  return cut ? `${int}.${cut}` : int!;
}
