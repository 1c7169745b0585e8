import { invoiceRequestSchema, type ErrorDetail, type InvoiceRequest } from '@fe/contracts';
import type { z } from 'zod';
import municipalities from '../codelists/municipalities.json' with { type: 'json' };
import paymentMeans from '../codelists/payment-means.json' with { type: 'json' };
import units from '../codelists/units.json' with { type: 'json' };
import { failure, type Result } from '../errors/domain-error.ts';
import { compareDecimal, decimalText, formatUnits, parseDecimal } from '../money/decimal.ts';
import { parseNit } from '../nit/nit-check-digit.ts';
import { isAllowedRate, taxRules } from '../tax/tax-rules.ts';
import { computeTotals } from '../totals/compute-totals.ts';
import type { ValidatedCustomer, ValidatedInvoice, ValidatedLine } from './validated-invoice.ts';

export type ValidationContext = {
  /** Colombian issue date (YYYY-MM-DD): a due date may not be before it. */
  issueDate: string;
};

/**
 * Checks a request body and maps each failure to its stable code. The first failing class wins,
 * in this order, and its `details` name every faulty field of that class:
 *   VALIDATION_ERROR (shape, bounds, code lists, dates) → NIT_INVALID → TAX_RATE_INVALID → LINE_TOTAL_MISMATCH.
 *
 *   const result = validateInvoiceRequest(body, { issueDate: '2025-03-10' });
 *   if (!result.ok) reply.code(errorCatalogue[result.error.code].http).send(result.error);
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

/**
 * The checks of validateInvoiceRequest past the shape, for a request the contract's schema already
 * parsed: parseInvoiceRequest's result, or the `request` of a parsed InvoiceRequested event (the
 * signer), so the schema does not run twice on one request.
 */
export function checkInvoiceRequest(request: InvoiceRequest, context: ValidationContext): Result<ValidatedInvoice> {
  const listErrors = codeListAndDateErrors(request, context);
  if (listErrors.length) return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', listErrors);

  const customer = validateCustomer(request);
  if (!customer.ok) return customer;

  const lines = request.lines.map(toLine);
  const rateErrors = lines.flatMap((line, i) =>
    line.taxes.flatMap((tax, j) =>
      isAllowedRate(tax.code, tax.rate)
        ? []
        : [{
            path: `lines.${i}.taxes.${j}.rate`,
            message: `${taxRules[tax.code].name} (${tax.code}) allows rates ${taxRules[tax.code].allowedRates.join(', ')}`,
          }],
    ),
  );
  if (rateErrors.length) return failure('TAX_RATE_INVALID', 'A tax rate is not allowed for its tax code.', rateErrors);

  const totals = computeTotals(lines);
  if (request.total !== undefined) {
    const declared = parseDecimal(decimalText(request.total));
    if (compareDecimal(declared, { units: totals.payable, scale: 2 }) !== 0) {
      return failure('LINE_TOTAL_MISMATCH', 'The declared total differs from the sum of the lines.', [
        { path: 'total', message: `declared ${decimalText(request.total)}, the lines add up to ${formatUnits(totals.payable, 2)}` },
      ]);
    }
  }

  return {
    ok: true,
    value: {
      customer: customer.value,
      lines,
      payment: { methodCode: request.payment.method_code, ...(request.payment.due_date ? { dueDate: request.payment.due_date } : {}) },
      ...(request.number !== undefined ? { number: request.number } : {}),
      ...(request.prefix !== undefined ? { prefix: request.prefix } : {}),
      ...(request.notes ? { notes: request.notes.normalize('NFC') } : {}),
      totals,
    },
  };
}

function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String);
    // An unknown field is named itself, so a typo ("due_dat") points at the field to fix.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key].join('.'), message: 'unknown field' }));
    }
    return [{ path: path.join('.'), message: issue.message }];
  });
}

function codeListAndDateErrors(request: InvoiceRequest, context: ValidationContext): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  if (!Object.hasOwn(paymentMeans, request.payment.method_code)) {
    errors.push({ path: 'payment.method_code', message: 'not a code of DIAN\'s MediosPago list' });
  }
  if (request.payment.due_date !== undefined && request.payment.due_date < context.issueDate) {
    errors.push({ path: 'payment.due_date', message: `must not be before the issue date ${context.issueDate}` });
  }
  const cityCode = request.customer.address?.city_code;
  if (cityCode !== undefined && !Object.hasOwn(municipalities, cityCode)) {
    errors.push({ path: 'customer.address.city_code', message: 'not a DANE municipality code' });
  }
  request.lines.forEach((line, i) => {
    if (!Object.hasOwn(units, line.unit_code)) errors.push({ path: `lines.${i}.unit_code`, message: 'not a code of DIAN\'s unit list' });
  });
  if (request.customer.document_type !== '31') {
    if (!/^\d{3,15}$/.test(request.customer.document_number)) {
      errors.push({ path: 'customer.document_number', message: 'must be 3 to 15 digits' });
    }
    if (request.customer.check_digit !== undefined) {
      errors.push({ path: 'customer.check_digit', message: 'only a NIT (document_type 31) has a check digit' });
    }
  }
  return errors;
}

function validateCustomer(request: InvoiceRequest): Result<ValidatedCustomer> {
  const c = request.customer;
  let dv: number | undefined;
  let documentNumber = c.document_number;
  if (c.document_type === '31') {
    const nit = parseNit(c.document_number, c.check_digit);
    if (!nit.ok) return failure('NIT_INVALID', 'The NIT is invalid; verify it with its check digit.', [{ path: 'customer.document_number', message: nit.reason }]);
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
      ...(c.address ? { address: { line: c.address.line.normalize('NFC'), cityCode: c.address.city_code, countryCode: 'CO' as const } } : {}),
      taxLevelCodes: c.tax_level_codes,
    },
  };
}

function toLine(line: InvoiceRequest['lines'][number]): ValidatedLine {
  return {
    code: line.code.normalize('NFC'),
    name: line.name.normalize('NFC'),
    quantity: parseDecimal(decimalText(line.quantity)),
    unitPrice: parseDecimal(decimalText(line.unit_price)),
    unitCode: line.unit_code,
    taxes: line.taxes.map((t) => ({ code: t.code, rate: parseDecimal(decimalText(t.rate)) })),
  };
}
