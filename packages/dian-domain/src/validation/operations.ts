import type { ErrorDetail, InvoiceRequest } from '@fe/contracts';
import { failure, type Result } from '../errors/domain-error.ts';
import { decimalText, multiply, parseDecimal, roundHalfUp, type Decimal } from '../money/decimal.ts';
import { parseNit } from '../nit/nit-check-digit.ts';
import { isAllowedRate } from '../tax/tax-rules.ts';
import type { AiuPart, OperationType, ValidatedLine, ValidatedPrincipal } from './validated-invoice.ts';

/**
 * The operations beyond the standard sale (annex table TipoOperacionF, docs/api.md "AIU and mandates"): an AIU
 * contract (09) and lines sold for a principal (11).
 */

/** FAV03: the Administración line's note starts with this text, then the contract's object. */
const AIU_NOTE_PREFIX = 'Contrato de servicios AIU por concepto de:';

/** The three AIU lines the service adds, by part: their item code (scheme 999) and description. */
const aiuLineNames: Record<AiuPart, { code: string; name: string }> = {
  administration: { code: 'AIU-A', name: 'Administración' },
  unforeseen: { code: 'AIU-I', name: 'Imprevistos' },
  profit: { code: 'AIU-U', name: 'Utilidad' },
};
const AIU_PARTS = ['administration', 'unforeseen', 'profit'] as const;
const AIU_CODES = new Set(Object.values(aiuLineNames).map((l) => l.code));

export function operationTypeOf(request: InvoiceRequest): OperationType {
  if (request.aiu) return '09';
  return request.lines.some((line) => line.principal) ? '11' : '10';
}

/**
 * What an operation forbids (VALIDATION_ERROR): an invoice is one operation; an AIU contract's lines carry no tax
 * (IVA is the profit's only) nor the codes of the lines the service adds; a principal's number has its type's form.
 */
export function operationErrors(request: InvoiceRequest): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  request.lines.forEach((line, i) => {
    const path = `lines.${i}`;
    if (line.principal) errors.push(...identificationErrors(line.principal, `${path}.principal`));
    if (!request.aiu) return;
    if (line.principal)
      errors.push({
        path: `${path}.principal`,
        message: 'an invoice is one operation: AIU (09) or a mandate (11), not both',
      });
    if (line.taxes.length)
      errors.push({
        path: `${path}.taxes`,
        message: 'an AIU contract is taxed on its profit only: its lines carry no tax (aiu.profit_iva_rate)',
      });
    if (AIU_CODES.has(line.code))
      errors.push({ path: `${path}.code`, message: `${line.code} names a line the service adds to an AIU invoice` });
  });
  return errors;
}

/** A principal's or buyer's number in the form of its type (the NIT is checked with its DV apart). */
export function identificationErrors(
  party: { document_type: string; document_number: string; check_digit?: string | undefined },
  path: string,
): ErrorDetail[] {
  if (party.document_type === '31') return [];
  const errors: ErrorDetail[] = [];
  const foreign = ['41', '42', '50'].includes(party.document_type);
  if (foreign ? !/^[A-Za-z0-9]{3,20}$/.test(party.document_number) : !/^\d{3,15}$/.test(party.document_number))
    errors.push({
      path: `${path}.document_number`,
      message: foreign ? 'must be 3 to 20 letters or digits' : 'must be 3 to 15 digits',
    });
  if (party.check_digit !== undefined)
    errors.push({ path: `${path}.check_digit`, message: 'only a NIT (document_type 31) has a check digit' });
  return errors;
}

/** The IVA rate on the profit: 5 or 19 (a 0 % IVA would be no AIU tax at all); TAX_RATE_INVALID otherwise. */
export function aiuRateErrors(request: InvoiceRequest): ErrorDetail[] {
  if (!request.aiu) return [];
  const rate = parseDecimal(decimalText(request.aiu.profit_iva_rate));
  return rate.units > 0n && isAllowedRate('01', rate)
    ? []
    : [{ path: 'aiu.profit_iva_rate', message: 'IVA (01) on an AIU profit allows rates 5, 19' }];
}

/** Each line's principal, its NIT checked against its DV (NIT_INVALID naming the line). */
export function principalsOf(request: InvoiceRequest): Result<(ValidatedPrincipal | undefined)[]> {
  const principals: (ValidatedPrincipal | undefined)[] = [];
  for (const [i, line] of request.lines.entries()) {
    const p = line.principal;
    if (!p) {
      principals.push(undefined);
      continue;
    }
    let documentNumber = p.document_number;
    let dv: number | undefined;
    if (p.document_type === '31') {
      const nit = parseNit(p.document_number, p.check_digit);
      if (!nit.ok)
        return failure('NIT_INVALID', "The principal's NIT is invalid; verify it with its check digit.", [
          { path: `lines.${i}.principal.document_number`, message: nit.reason },
        ]);
      documentNumber = nit.value.nit;
      dv = nit.value.dv;
    }
    principals.push({
      documentType: p.document_type,
      documentNumber,
      ...(dv !== undefined ? { dv } : {}),
      name: p.name.normalize('NFC'),
    });
  }
  return { ok: true, value: principals };
}

/**
 * The Administración, Imprevistos and Utilidad lines, each one unit at its amount: a part given as a percentage is of
 * `contractAmount` (the contract lines' LineExtensionAmount, in cents), rounded half-up to the cent. Only the profit
 * carries IVA; the Administración line carries the contract's note (FAV03).
 */
export function aiuLines(aiu: NonNullable<InvoiceRequest['aiu']>, contractAmount: bigint): ValidatedLine[] {
  const rate = parseDecimal(decimalText(aiu.profit_iva_rate));
  return AIU_PARTS.map((part) => {
    const asked = aiu[part];
    const cents =
      asked.amount !== undefined
        ? roundHalfUp(parseDecimal(decimalText(asked.amount)), 2)
        : roundHalfUp(multiply({ units: contractAmount, scale: 2 }, percentOf(asked.percent!)), 2);
    return {
      ...aiuLineNames[part],
      quantity: parseDecimal('1'),
      unitPrice: { units: cents, scale: 2 },
      unitCode: '94',
      taxes: part === 'profit' ? [{ code: '01', rate }] : [],
      allowanceCharges: [],
      aiuPart: part,
      ...(part === 'administration' ? { note: `${AIU_NOTE_PREFIX} ${aiu.contract_object.normalize('NFC')}` } : {}),
    };
  });
}

const percentOf = (percent: number | string): Decimal => {
  const p = parseDecimal(decimalText(percent));
  return { units: p.units, scale: p.scale + 2 };
};
