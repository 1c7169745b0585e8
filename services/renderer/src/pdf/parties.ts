import { formatDate, formatMoney, formatNit, formatPrice } from '../format/colombian-format.ts';
import { documentTypeLabel, paymentFormLabel, paymentMeansLabel, responsibilitiesLabel } from '../format/labels.ts';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { addressText } from './header.ts';
import type { Canvas } from './canvas.ts';
import { labelled, line } from './draw-text.ts';
import { colors, contentWidth, left, sizes } from './page-geometry.ts';

const GAP = 10;
const PAY_WIDTH = 206;

/**
 * The buyer (name, document type and number, address, email) and the payment terms (form,
 * means, due date, currency and its rate, an export's delivery terms), side by side in two framed boxes of equal
 * height.
 */
export function drawParties(canvas: Canvas, view: InvoiceView, top: number): number {
  const c = view.customer;
  const buyerWidth = contentWidth - PAY_WIDTH - GAP;
  const buyer: [string, string][] = [
    ['Nombre o razón social', c.name],
    [documentTypeLabel(c.documentType), c.documentType === '31' ? formatNit(c.documentNumber, c.dv) : c.documentNumber],
    ['Dirección', addressText(c.address) || 'No informada'],
    ['Correo electrónico', c.email ?? 'No informado'],
  ];
  if (c.phone) buyer.push(['Teléfono', c.phone]);
  if (c.taxLevelCodes.length) buyer.push(['Responsabilidades fiscales', responsibilitiesLabel(c.taxLevelCodes)]);

  const p = view.payment; // absent only on a note that states no payment means
  const payment: [string, string][] = [
    ['Forma de pago', p ? paymentFormLabel(p.form) : 'No aplica'],
    ['Medio de pago', p ? paymentMeansLabel(p.meansCode) : 'No aplica'],
    ['Fecha de vencimiento', p?.dueDate ? formatDate(p.dueDate) : 'No aplica'],
    ['Moneda', view.currency === 'COP' ? 'COP (peso colombiano)' : view.currency],
  ];
  const rate = view.exchangeRate;
  if (rate) {
    // The rate the XML carries (PaymentExchangeRate) and the total in pesos at it: amounts above are in the currency.
    payment.push(['Tasa de cambio', `1 ${view.currency} = $ ${formatPrice(rate.rate)} COP (${formatDate(rate.date)})`]);
    payment.push(['Total en pesos (COP)', `$ ${formatMoney(rate.payableInPesos)}`]);
  }
  const terms = view.deliveryTerms;
  if (terms) {
    const named = terms.name ? `${terms.incoterm} (${terms.name})` : terms.incoterm;
    payment.push(['Condiciones de entrega', terms.specialTerms ? `${named}. ${terms.specialTerms}` : named]);
  }

  const buyerBottom = drawBox(canvas, 'ADQUIRIENTE', buyer, left, top, buyerWidth);
  const payBottom = drawBox(canvas, 'CONDICIONES DE PAGO', payment, left + buyerWidth + GAP, top, PAY_WIDTH);
  const bottom = Math.max(buyerBottom, payBottom);
  canvas.strokeRect(left, top, buyerWidth, bottom - top, colors.rule, 0.6);
  canvas.strokeRect(left + buyerWidth + GAP, top, PAY_WIDTH, bottom - top, colors.rule, 0.6);
  return bottom + 8;
}

function drawBox(
  canvas: Canvas,
  title: string,
  rows: [string, string][],
  x: number,
  top: number,
  width: number,
): number {
  const pad = 5;
  canvas.fillRect(x, top, width, 12, colors.stripe);
  line(canvas, title, x + pad, top + 3, { face: 'bold', size: sizes.label, color: colors.band });
  let y = top + 16;
  for (const [label, value] of rows) y += labelled(canvas, label, value, x + pad, y, width - 2 * pad) + 2.2;
  return y + 3;
}
