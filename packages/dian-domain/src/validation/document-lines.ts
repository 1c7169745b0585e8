import type { InvoiceRequest, NoteLine } from '@fe/contracts';
import { formatDecimal } from '../money/decimal.ts';
import { checkInvoiceRequest, type ValidationContext } from './validate-request.ts';

/**
 * An invoice's lines as its document carries them, in the line the notes' events take: an AIU contract's lines
 * followed by its Administración, Imprevistos and Utilidad lines, and a mandate line without its principal (a note's
 * line does not name one; docs/notes.md). What a cancellation reproduces; undefined for a request that no longer
 * validates.
 */
export function documentLinesOf(request: InvoiceRequest, context: ValidationContext): NoteLine[] | undefined {
  const own = request.lines.map(({ principal: _principal, ...line }) => line);
  if (!request.aiu) return own;
  const checked = checkInvoiceRequest(request, context);
  if (!checked.ok) return undefined;
  const added = checked.value.lines.slice(request.lines.length).map((line): NoteLine => ({
    code: line.code,
    name: line.name,
    quantity: '1',
    unit_price: formatDecimal(line.unitPrice, 2),
    unit_code: line.unitCode,
    taxes: line.taxes.map((tax) => ({ code: '01', name: 'IVA', rate: formatDecimal(tax.rate!, 0) })),
  }));
  return [...own, ...added];
}
