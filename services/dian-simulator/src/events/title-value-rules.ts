import type { RuleCode } from '../rules/catalogue.ts';
import { cents } from '../rules/money.ts';
import type { InvoiceFacts } from '../store/store.ts';
import type { EventView } from './event-view.ts';

/** A group's Value for a Name, undefined when the Name or its Value is missing. */
const valueOf = (view: EventView, group: string, name: string) =>
  view.customTags.get(group)?.find(([n]) => n === name)?.[1];

const sum = (amounts: (string | undefined)[]): bigint | undefined =>
  amounts.reduce<bigint | undefined>((total, a) => {
    const c = cents(a);
    return total === undefined || c === undefined ? undefined : total + c;
  }, 0n);

/**
 * A título valor's data (docs/dian-simulator-rules.md, "RADIAN events"; docs/choices.md): on a 036, ConstanciadePagos'
 * ValorFEV-TV is the invoice's PayableAmount (LGC57) and NuevoValorTV its rest after ValorPagado (SIM-EV09); on a 037,
 * ResponseCode/@listID is 1 or 2 (SIM-EV11), InformacionNegociacion's PrecioPagarseFEV is ValorTotalEndoso × (100 −
 * TasaDescuento) / 100 to the cent (AAI07b) and, unless blank, each side's participations add up to ValorTotalEndoso
 * (AAF19 the endorser's, AAG20 the endorsee's); on both, ValidityPeriod/EndDate is the invoice's due date (SIM-EV10).
 * An invoice accepted before its amount and due date were kept is not checked on them.
 */
export function checkTitleValue(view: EventView, invoice: InvoiceFacts): RuleCode[] {
  if (view.code !== '036' && view.code !== '037') return [];
  const failures: RuleCode[] = [];
  const known = invoice.payableAmount !== undefined;
  if (known && (!invoice.dueDate || view.reference.endDate !== invoice.dueDate)) failures.push('SIM-EV10');
  if (view.code === '036') {
    const value = cents(valueOf(view, 'ConstanciadePagos', 'ValorFEV-TV'));
    const paid = cents(valueOf(view, 'ConstanciadePagos', 'ValorPagado'));
    const rest = cents(valueOf(view, 'ConstanciadePagos', 'NuevoValorTV'));
    if (value === undefined || (known && value !== cents(invoice.payableAmount))) failures.push('LGC57');
    if (value === undefined || paid === undefined || rest === undefined || paid > value || rest !== value - paid)
      failures.push('SIM-EV09');
    return failures;
  }
  if (view.listId !== '1' && view.listId !== '2') failures.push('SIM-EV11');
  const total = cents(valueOf(view, 'InformacionNegociacion', 'ValorTotalEndoso'));
  const price = cents(valueOf(view, 'InformacionNegociacion', 'PrecioPagarseFEV'));
  const rate = cents(valueOf(view, 'InformacionNegociacion', 'TasaDescuento'));
  // The rate in hundredths of a percent: what is kept of each peso is (10 000 − rate) / 10 000, rounded half-up.
  const expected =
    total === undefined || rate === undefined || rate < 0n || rate > 10_000n
      ? undefined
      : (total * (10_000n - rate) + 5_000n) / 10_000n;
  if (expected === undefined || price !== expected) failures.push('AAI07b');
  if (view.listId !== '2') {
    if (total === undefined || sum(view.participations.sender) !== total || !view.participations.sender.length)
      failures.push('AAF19');
    if (total === undefined || sum(view.participations.receiver) !== total || !view.participations.receiver.length)
      failures.push('AAG20');
  }
  return failures;
}
