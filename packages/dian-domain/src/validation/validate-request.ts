import { invoiceRequestSchema, type ErrorDetail, type InvoiceRequest } from '@fe/contracts';
import countries from '../codelists/countries.json' with { type: 'json' };
import currencies from '../codelists/currencies.json' with { type: 'json' };
import deliveryTerms from '../codelists/delivery-terms.json' with { type: 'json' };
import municipalities from '../codelists/municipalities.json' with { type: 'json' };
import paymentMeans from '../codelists/payment-means.json' with { type: 'json' };
import units from '../codelists/units.json' with { type: 'json' };
import { failure, type Result } from '../errors/domain-error.ts';
import { compareDecimal, decimalText, formatUnits, multiply, parseDecimal, roundHalfUp } from '../money/decimal.ts';
import { parseNit } from '../nit/nit-check-digit.ts';
import { allowedRatesText, isAllowedRate, taxRules, type LineTaxInput } from '../tax/tax-rules.ts';
import type { AllowanceChargeInput } from '../totals/allowance-charge.ts';
import type { BuildRules } from '../totals/build-rules.ts';
import { tryComputeTotals, type InvoiceTotals } from '../totals/compute-totals.ts';
import { computeWithholdings, isWithholdingRate, type WithholdingTotal } from '../totals/withholdings.ts';
import type {
  ValidatedAddress,
  ValidatedCustomer,
  ValidatedInvoice,
  ValidatedLine,
  ValidatedPrincipal,
} from './validated-invoice.ts';
import { zodDetails } from './zod-details.ts';
import {
  aiuLines,
  aiuRateErrors,
  identificationErrors,
  operationErrors,
  operationTypeOf,
  principalsOf,
} from './operations.ts';

export type ValidationContext = {
  /** Colombian issue date (YYYY-MM-DD): a due date may not be before it. */
  issueDate: string;
  /**
   * The build rules the totals follow (build-rules.ts): a rebuild passes the version its event records; default the
   * current one.
   */
  buildRules?: BuildRules;
};

/**
 * Checks a request body and maps each failure to its stable code. The first failing class wins, in this order:
 * VALIDATION_ERROR → NIT_INVALID → TAX_RATE_INVALID → AMOUNTS_INCONSISTENT → LINE_TOTAL_MISMATCH.
 */
export function validateInvoiceRequest(body: unknown, context: ValidationContext): Result<ValidatedInvoice> {
  const parsed = parseInvoiceRequest(body);
  return parsed.ok ? checkInvoiceRequest(parsed.value, context) : parsed;
}

/** The shape checks of validateInvoiceRequest alone (the contract's schema): VALIDATION_ERROR naming every field. */
export function parseInvoiceRequest(body: unknown): Result<InvoiceRequest> {
  const parsed = invoiceRequestSchema.safeParse(body);
  if (!parsed.success) {
    return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', zodDetails(parsed.error));
  }
  return { ok: true, value: parsed.data };
}

/** validateInvoiceRequest past the shape, for a request already parsed, so the schema does not run twice. */
export function checkInvoiceRequest(request: InvoiceRequest, context: ValidationContext): Result<ValidatedInvoice> {
  const listErrors = codeListAndDateErrors(request, context);
  if (listErrors.length) return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', listErrors);

  const customer = validateCustomer(request);
  if (!customer.ok) return customer;

  const principals = principalsOf(request);
  if (!principals.ok) return principals;

  const contractLines = request.lines.map((line, i) => toLine(line, principals.value[i]));
  const rateErrors = contractLines.flatMap((line, i) =>
    line.taxes.flatMap((tax, j) => taxValueErrors(tax, `lines.${i}.taxes.${j}`)),
  );
  rateErrors.push(...aiuRateErrors(request));
  if (rateErrors.length) return failure('TAX_RATE_INVALID', 'A tax rate is not allowed for its tax code.', rateErrors);
  const lines = withAiuLines(request, contractLines, context);
  if (!lines.ok) return lines;

  const allowanceCharges = (request.allowance_charges ?? []).map(toAllowanceCharge);
  const prepaidPayments = (request.prepaid_payments ?? []).map((p, i) => ({
    id: p.id?.normalize('NFC') ?? String(i + 1),
    amount: parseDecimal(decimalText(p.amount)),
    receivedDate: p.received_date,
  }));
  const outcome = tryComputeTotals(
    lines.value,
    { allowanceCharges, prepaid: prepaidPayments.map((p) => p.amount) },
    context.buildRules,
  );
  if (!outcome.ok)
    return failure(
      'AMOUNTS_INCONSISTENT',
      "Discounts, charges or advances do not fit the invoice's amounts.",
      outcome.problems,
    );
  const totals = outcome.totals;
  const withholdings = checkWithholdings(request, totals);
  if (!withholdings.ok) return withholdings;
  if (request.total !== undefined) {
    const declared = parseDecimal(decimalText(request.total));
    if (compareDecimal(declared, { units: totals.payable, scale: 2 }) !== 0) {
      return failure('LINE_TOTAL_MISMATCH', 'The declared total differs from the sum of the lines.', [
        {
          path: 'total',
          message: `declared ${decimalText(request.total)}, the lines add up to ${formatUnits(totals.payable, 2)}`,
        },
      ]);
    }
  }

  return {
    ok: true,
    value: {
      operationType: operationTypeOf(request),
      customer: customer.value,
      lines: lines.value,
      payment: {
        methodCode: request.payment.method_code,
        ...(request.payment.due_date ? { dueDate: request.payment.due_date } : {}),
      },
      allowanceCharges,
      prepaidPayments,
      withholdings: withholdings.value,
      ...(request.number !== undefined ? { number: request.number } : {}),
      ...(request.prefix !== undefined ? { prefix: request.prefix } : {}),
      ...(request.notes ? { notes: request.notes.normalize('NFC') } : {}),
      ...(request.paper_document
        ? { paperDocument: { number: request.paper_document.number, issueDate: request.paper_document.issue_date } }
        : {}),
      ...(request.currency
        ? {
            currency: {
              code: request.currency.code,
              rate: parseDecimal(decimalText(request.currency.exchange_rate)),
              rateDate: request.currency.rate_date,
            },
          }
        : {}),
      ...(request.export
        ? {
            export: {
              incoterm: request.export.incoterm,
              ...(request.export.special_terms ? { specialTerms: request.export.special_terms.normalize('NFC') } : {}),
            },
          }
        : {}),
      totals,
    },
  };
}

function codeListAndDateErrors(request: InvoiceRequest, context: ValidationContext): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  if (!Object.hasOwn(paymentMeans, request.payment.method_code)) {
    errors.push({ path: 'payment.method_code', message: "not a code of DIAN's MediosPago list" });
  }
  if (request.payment.due_date !== undefined && request.payment.due_date < context.issueDate) {
    errors.push({ path: 'payment.due_date', message: `must not be before the issue date ${context.issueDate}` });
  }
  errors.push(...addressErrors(request.customer));
  request.lines.forEach((line, i) => {
    if (!Object.hasOwn(units, line.unit_code))
      errors.push({ path: `lines.${i}.unit_code`, message: "not a code of DIAN's unit list" });
    errors.push(...perUnitErrors(line, `lines.${i}`));
    if (line.free_of_charge) {
      if (/[1-9]/.test(String(line.unit_price)))
        errors.push({
          path: `lines.${i}.unit_price`,
          message: 'must be 0 on a free line (free_of_charge carries the reference price)',
        });
      if (line.allowance_charges?.length)
        errors.push({ path: `lines.${i}.allowance_charges`, message: 'a free line has no discounts or charges' });
    }
  });
  if (request.paper_document && request.paper_document.issue_date > context.issueDate)
    errors.push({
      path: 'paper_document.issue_date',
      message: `must not be after the issue date ${context.issueDate}`,
    });
  errors.push(...currencyAndExportErrors(request, context));
  request.prepaid_payments?.forEach((p, i) => {
    if (p.received_date > context.issueDate)
      errors.push({
        path: `prepaid_payments.${i}.received_date`,
        message: `must not be after the issue date ${context.issueDate}`,
      });
  });
  const c = request.customer;
  errors.push(...identificationErrors(c, 'customer'));
  errors.push(...operationErrors(request));
  if (c.person_type === '1' && c.document_type !== '31' && c.document_type !== '50') {
    errors.push({
      path: 'customer.person_type',
      message: 'a persona jurídica ("1") is identified by a NIT ("31" or "50")',
    });
  }
  return errors;
}

/**
 * A foreign currency from DIAN's list with a rate set by the issue date; an export to a buyer abroad, by an Incoterm of
 * DIAN's list (docs/api.md, "Currency and export").
 */
function currencyAndExportErrors(request: InvoiceRequest, context: ValidationContext): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const currency = request.currency;
  if (currency?.code === 'COP')
    errors.push({ path: 'currency.code', message: 'pesos are the default: omit currency for COP' });
  else if (currency && !Object.hasOwn(currencies, currency.code))
    errors.push({ path: 'currency.code', message: "not a code of DIAN's currency list (TipoMoneda)" });
  if (currency && currency.rate_date > context.issueDate)
    errors.push({ path: 'currency.rate_date', message: `must not be after the issue date ${context.issueDate}` });
  const sale = request.export;
  if (sale) {
    if (!Object.hasOwn(deliveryTerms, sale.incoterm))
      errors.push({ path: 'export.incoterm', message: "not a code of DIAN's delivery terms list (TipoEntrega)" });
    if (!request.customer.foreign_address)
      errors.push({ path: 'customer.foreign_address', message: 'an export is sold to a buyer abroad' });
    if (request.paper_document)
      errors.push({ path: 'export', message: 'an export is type 02, a paper transcription type 03: not both' });
  }
  return errors;
}

/**
 * A per-unit tax counts whole units (BaseUnitMeasure), so its amount is exact: PerUnitAmount ×
 * BaseUnitMeasure is the TaxAmount to the cent (FAS07).
 */
function perUnitErrors(line: InvoiceRequest['lines'][number], path: string): ErrorDetail[] {
  return line.taxes.flatMap((tax, j) => {
    if (tax.per_unit_amount === undefined) return [];
    const errors: ErrorDetail[] = [];
    const measure = multiply(
      parseDecimal(decimalText(line.quantity)),
      parseDecimal(decimalText(tax.units_per_item ?? 1)),
    );
    if (measure.units % 10n ** BigInt(measure.scale) !== 0n)
      errors.push({
        path: `${path}.taxes.${j}.units_per_item`,
        message: 'quantity × units_per_item (BaseUnitMeasure) must be a whole number of units',
      });
    return errors;
  });
}

/**
 * A Colombian address is named by a DANE municipality code; a foreign one by a city name and a country of DIAN's list.
 */
function addressErrors(customer: InvoiceRequest['customer']): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const cityCode = customer.address?.city_code;
  if (cityCode !== undefined && !Object.hasOwn(municipalities, cityCode)) {
    errors.push({ path: 'customer.address.city_code', message: 'not a DANE municipality code' });
  }
  const foreign = customer.foreign_address;
  if (foreign !== undefined) {
    if (customer.address !== undefined)
      errors.push({
        path: 'customer.foreign_address',
        message: 'a buyer has one address: address (Colombia) or foreign_address',
      });
    if (foreign.country_code === 'CO')
      errors.push({
        path: 'customer.foreign_address.country_code',
        message: 'a Colombian address goes in address, with its DANE city_code',
      });
    else if (!Object.hasOwn(countries, foreign.country_code))
      errors.push({ path: 'customer.foreign_address.country_code', message: "not a code of DIAN's country list" });
  }
  return errors;
}

function validateCustomer(request: InvoiceRequest): Result<ValidatedCustomer> {
  const c = request.customer;
  let dv: number | undefined;
  let documentNumber = c.document_number;
  if (c.document_type === '31') {
    const nit = parseNit(c.document_number, c.check_digit);
    if (!nit.ok)
      return failure('NIT_INVALID', 'The NIT is invalid; verify it with its check digit.', [
        { path: 'customer.document_number', message: nit.reason },
      ]);
    documentNumber = nit.value.nit;
    dv = nit.value.dv;
  }
  return {
    ok: true,
    value: {
      documentType: c.document_type,
      documentNumber,
      ...(dv !== undefined ? { dv } : {}),
      name: c.name.normalize('NFC'),
      ...(c.email ? { email: c.email } : {}),
      personType: c.person_type ?? (c.document_type === '31' || c.document_type === '50' ? '1' : '2'),
      ...(c.address || c.foreign_address ? { address: toAddress(c)! } : {}),
      taxLevelCodes: c.tax_level_codes,
    },
  };
}

function toAddress(c: InvoiceRequest['customer']): ValidatedAddress | undefined {
  if (c.address) return { line: c.address.line.normalize('NFC'), cityCode: c.address.city_code, countryCode: 'CO' };
  const a = c.foreign_address;
  if (!a) return undefined;
  return {
    line: a.line.normalize('NFC'),
    countryCode: a.country_code,
    cityName: a.city_name.normalize('NFC'),
    ...(a.region ? { region: a.region.normalize('NFC') } : {}),
    ...(a.postal_zone ? { postalZone: a.postal_zone.normalize('NFC') } : {}),
  };
}

function toAllowanceCharge(ac: NonNullable<InvoiceRequest['allowance_charges']>[number]): AllowanceChargeInput {
  const optional = (value: number | string | undefined) =>
    value === undefined ? undefined : parseDecimal(decimalText(value));
  const percent = optional(ac.percent);
  const amount = optional(ac.amount);
  const baseAmount = optional(ac.base_amount);
  return {
    charge: ac.type === 'charge',
    ...(ac.type === 'discount' ? { reasonCode: ac.reason_code ?? '00' } : {}),
    reason: ac.reason.normalize('NFC'),
    ...(percent ? { percent } : {}),
    ...(amount ? { amount } : {}),
    ...(baseAmount ? { baseAmount } : {}),
  };
}

/** A rate or per-unit amount the tax does not allow (TAX_RATE_INVALID). */
function taxValueErrors(tax: LineTaxInput, path: string): ErrorDetail[] {
  const rule = taxRules[tax.code];
  const value = tax.perUnit?.amount ?? tax.rate!;
  const field = tax.perUnit ? 'per_unit_amount' : 'rate';
  const what = tax.perUnit ? 'per-unit amounts' : 'rates';
  const errors: ErrorDetail[] = isAllowedRate(tax.code, value)
    ? []
    : [
        {
          path: `${path}.${field}`,
          message: `${rule.name} (${tax.code}) allows ${what} ${allowedRatesText(tax.code)}`,
        },
      ];
  return errors;
}

/**
 * A request's tax as the builder takes it: a per-unit tax is counted in its own unit (a bag, a millilitre), its measure
 * the line's quantity × units_per_item.
 */
function toLineTax(tax: InvoiceRequest['lines'][number]['taxes'][number], line: InvoiceRequest['lines'][number]) {
  if (tax.per_unit_amount === undefined) return { code: tax.code, rate: parseDecimal(decimalText(tax.rate!)) };
  const measure = multiply(
    parseDecimal(decimalText(line.quantity)),
    parseDecimal(decimalText(tax.units_per_item ?? 1)),
  );
  const perUnit = {
    amount: parseDecimal(decimalText(tax.per_unit_amount)),
    unitCode: tax.unit_code ?? taxRules[tax.code].perUnit!.unitCode,
    measure,
  };
  return { code: tax.code, perUnit };
}

function toLine(line: InvoiceRequest['lines'][number], principal?: ValidatedPrincipal): ValidatedLine {
  return {
    code: line.code.normalize('NFC'),
    name: line.name.normalize('NFC'),
    quantity: parseDecimal(decimalText(line.quantity)),
    unitPrice: parseDecimal(decimalText(line.unit_price)),
    unitCode: line.unit_code,
    taxes: line.taxes.map((t) => toLineTax(t, line)),
    allowanceCharges: (line.allowance_charges ?? []).map(toAllowanceCharge),
    ...(line.free_of_charge
      ? {
          freeOfCharge: {
            referencePrice: parseDecimal(decimalText(line.free_of_charge.reference_price)),
            priceTypeCode: line.free_of_charge.price_type_code,
          },
        }
      : {}),
    ...(principal ? { principal } : {}),
  };
}

/**
 * An AIU contract's lines followed by its Administración, Imprevistos and Utilidad lines, whose percentages are of the
 * contract lines' amount; the lines as they are otherwise.
 */
function withAiuLines(
  request: InvoiceRequest,
  contractLines: ValidatedLine[],
  context: ValidationContext,
): Result<ValidatedLine[]> {
  if (!request.aiu) return { ok: true, value: contractLines };
  const contract = tryComputeTotals(contractLines, {}, context.buildRules);
  if (!contract.ok)
    return failure('AMOUNTS_INCONSISTENT', "Discounts, charges or advances do not fit the invoice's amounts.", [
      ...contract.problems,
    ]);
  return { ok: true, value: [...contractLines, ...aiuLines(request.aiu, contract.totals.lineExtension)] };
}

/**
 * The buyer's withholdings (docs/api.md, "Withholdings"): one per code, a rate above 0 and at most 100, ReteIVA only
 * on an invoice with IVA; computed on their bases (computeWithholdings).
 */
function checkWithholdings(request: InvoiceRequest, totals: InvoiceTotals): Result<WithholdingTotal[]> {
  const asked = request.withholdings ?? [];
  const errors: ErrorDetail[] = [];
  const iva = totals.taxTotals.find((t) => t.code === '01')?.amount ?? 0n;
  const inputs = asked.map((w, i) => {
    const rate = parseDecimal(decimalText(w.rate));
    if (asked.findIndex((other) => other.code === w.code) !== i)
      errors.push({ path: `withholdings.${i}.code`, message: `${w.code} is named twice` });
    if (!isWithholdingRate(rate))
      errors.push({ path: `withholdings.${i}.rate`, message: 'must be above 0 and at most 100' });
    if (w.code === '05' && w.base === undefined && iva === 0n)
      errors.push({ path: `withholdings.${i}.code`, message: 'ReteIVA (05) needs IVA on the invoice, or a base' });
    const base = w.base === undefined ? undefined : roundHalfUp(parseDecimal(decimalText(w.base)), 2);
    return { code: w.code, rate, ...(base !== undefined ? { base } : {}) };
  });
  if (errors.length) return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', errors);
  return { ok: true, value: computeWithholdings(inputs, { lineExtension: totals.lineExtension, iva }) };
}
