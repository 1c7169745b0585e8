import { money, parseDecimal, roundHalfUp } from '@fe/dian-domain/primitives';
import type { LineView, TaxView } from './invoice-view.ts';
import { attributeOf as attribute, child, children, ownText as text, type XmlElement as XmlNode } from '@fe/dian-xml';
import { required } from './document-root.ts';
import { readAdjustments } from './read-adjustments.ts';

/** Σ of 2-decimal amount texts, exactly (BigInt cents), as a 2-decimal text. */
export function sumAmounts(amounts: readonly string[]): string {
  return money(amounts.reduce((sum, amount) => sum + roundHalfUp(parseDecimal(amount), 2), 0n));
}

/** Every TaxSubtotal of the TaxTotal elements under the node (a line, or the document). */
export function readTaxes(
  node: XmlNode | undefined,
  element: 'TaxTotal' | 'WithholdingTaxTotal' = 'TaxTotal',
): TaxView[] {
  return children(node, element).flatMap((total) =>
    children(total, 'TaxSubtotal').map((sub) => {
      const scheme = child(sub, 'TaxCategory', 'TaxScheme');
      const code = required(text(scheme, 'ID'), 'tax scheme code');
      const perUnitAmount = text(sub, 'PerUnitAmount');
      const measure = child(sub, 'BaseUnitMeasure');
      return {
        code,
        name: text(scheme, 'Name') ?? code,
        rate: text(sub, 'TaxCategory', 'Percent') ?? text(sub, 'Percent') ?? '0.00',
        base: text(sub, 'TaxableAmount') ?? '0.00',
        amount: required(text(sub, 'TaxAmount'), 'tax amount'),
        ...(perUnitAmount !== undefined && measure
          ? {
              perUnit: {
                amount: perUnitAmount,
                measure: text(measure) ?? '0',
                unitCode: attribute(measure, 'unitCode') ?? '',
              },
            }
          : {}),
      };
    }),
  );
}

/**
 * One cac:InvoiceLine (annex §3.10), or a note's CreditNoteLine/DebitNoteLine, whose quantity is
 * `quantityElement` (CreditedQuantity, DebitedQuantity). The item code: the seller's own, else the standard one.
 */
export function readLine(line: XmlNode, quantityElement = 'InvoicedQuantity'): LineView {
  const item = child(line, 'Item');
  const base = required(text(line, 'LineExtensionAmount'), 'line amount');
  const taxes = readTaxes(line);
  return {
    id: required(text(line, 'ID'), 'line number'),
    code: text(item, 'SellersItemIdentification', 'ID') ?? text(item, 'StandardItemIdentification', 'ID') ?? '',
    description: required(text(item, 'Description'), 'item description'),
    quantity: required(text(line, quantityElement), 'quantity'),
    unitCode: attribute(child(line, quantityElement), 'unitCode') ?? '94',
    unitPrice: required(text(line, 'Price', 'PriceAmount'), 'unit price'),
    base,
    taxes,
    adjustments: readAdjustments(line),
    total: sumAmounts([base, ...taxes.map((t) => t.amount)]),
    ...optional('note', text(line, 'Note')),
    ...optional('principal', readPrincipal(item)),
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** The principal a mandate line is sold for, undefined when the item names none. */
function readPrincipal(item: XmlNode | undefined): LineView['principal'] {
  const agent = child(item, 'InformationContentProviderParty', 'PowerOfAttorney', 'AgentParty');
  const id = child(agent, 'PartyIdentification', 'ID');
  const documentNumber = text(id);
  if (documentNumber === undefined) return undefined;
  const documentType = attribute(id, 'schemeName') ?? '';
  const dv = documentType === '31' ? attribute(id, 'schemeID') : undefined;
  return {
    documentType,
    documentNumber,
    ...optional('dv', dv),
    ...optional('name', text(agent, 'PartyName', 'Name')),
  };
}
