import { z } from 'zod';

/**
 * The invoice request's shape (docs/api.md, "Create an invoice"); DIAN rules live in `@fe/dian-domain` so each
 * failure gets its own code. JSON-number amounts beyond 15 significant digits are refused: no binary rounding.
 */

const decimalString = /^\d{1,15}(\.\d+)?$/;

const decimalAmount = (maxDecimals: number, what: string) =>
  z
    .union([z.number(), z.string()])
    .superRefine((value, ctx) => {
      const text = typeof value === 'number' ? numberLiteral(value) : value;
      if (text === undefined || !decimalString.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a non-negative decimal number` });
        return;
      }
      const decimals = text.split('.')[1]?.length ?? 0;
      if (decimals > maxDecimals) {
        ctx.addIssue({ code: 'custom', message: `${what} has at most ${maxDecimals} decimals` });
      }
      if (text.replace('.', '').replace(/^0+/, '').length > 15) {
        ctx.addIssue({ code: 'custom', message: `${what} has more than 15 significant digits` });
      }
    })
    .describe(`A decimal with at most ${maxDecimals} decimals, as a JSON number or a decimal string.`);

/** Shortest round-trip decimal form of a finite non-negative number, never in exponent form. */
function numberLiteral(n: number): string | undefined {
  if (!Number.isFinite(n) || n < 0) return undefined;
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // 1e-7 and 1e21 style: small values are far below the allowed decimals, large ones above
  // the allowed digits; either way they are refused by the caller's checks.
  return n < 1 ? '0.' + '0'.repeat(20) + '1' : '9'.repeat(22);
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD form')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a real calendar date');

/**
 * Only characters XML 1.0 can carry, so a text the XML writer cannot write is refused before the invoice is
 * numbered. No `u` flag, so the OpenAPI document carries a portable pattern.
 */
const XML_CHARACTERS = /^(?:[\t\n\r\u0020-\uD7FF\uE000-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const XML_CHARACTERS_MESSAGE =
  'must contain only characters XML 1.0 can carry (no control characters, lone surrogates, U+FFFE or U+FFFF)';

/** A character a reader sees: not a space, a format character (U+200B, U+FEFF…), a mark alone or a blank filler. */
const VISIBLE = /[^\s\p{Z}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Text an invoice's XML can carry, trimmed; a required one shows at least one visible character. */
const text = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .regex(XML_CHARACTERS, XML_CHARACTERS_MESSAGE)
    .refine(
      (s) => min === 0 || VISIBLE.test(s),
      'debe tener al menos un carácter visible (no solo espacios ni caracteres invisibles como U+200B)',
    );

export const customerAddressSchema = z
  .object({
    line: text(1, 300).describe('Street address, without the city.'),
    city_code: z
      .string()
      .regex(/^\d{5}$/, 'must be a 5-digit DANE municipality code')
      .describe('DANE municipality code, e.g. 11001 (Bogotá D.C.).'),
    country_code: z.literal('CO').default('CO').describe('A Colombian address; a foreign one goes in foreign_address.'),
  })
  .meta({ id: 'CustomerAddress' });

/**
 * A foreign buyer's address (annex §3.5), a field beside `address` rather than a widened one: the BACKWARD
 * registry subject of InvoiceRequested.v1 refuses new properties in the open `address` object.
 */
export const customerForeignAddressSchema = z
  .object({
    line: text(1, 300).describe('Street address, without the city.'),
    city_name: text(1, 100).describe('City.'),
    region: text(1, 100).optional().describe('State, province or region.'),
    postal_zone: text(1, 20).optional().describe('Postal code.'),
    country_code: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
      .describe('A code of DIAN\'s country list (Paises), other than "CO" (a Colombian address goes in address).'),
  })
  .strict()
  .meta({ id: 'CustomerForeignAddress' });

export const customerSchema = z
  .object({
    document_type: z
      .enum(['11', '12', '13', '21', '22', '31', '41', '42', '47', '48', '50'])
      .describe(
        'Annex table 13.2.1: "11" registro civil, "12" tarjeta de identidad, "13" cédula de ciudadanía, "21" tarjeta de extranjería, ' +
          '"22" cédula de extranjería, "31" NIT, "41" pasaporte, "42" documento de identificación extranjero, "47" PEP, "48" PPT, "50" NIT de otro país.',
      ),
    document_number: text(1, 20).describe(
      'Without the check digit. NIT: 6–10 digits, a trailing `-d` check digit is accepted and checked. 41, 42, 50: 3–20 letters and digits. Others: 3–15 digits.',
    ),
    check_digit: z
      .string()
      .regex(/^\d$/, 'must be one digit')
      .optional()
      .describe('NIT check digit (DV); checked when present.'),
    name: text(1, 450).describe('Legal name or person name.'),
    person_type: z
      .enum(['1', '2'])
      .optional()
      .describe(
        'Annex table 13.2.3: "1" persona jurídica, "2" persona natural (e.g. a person trading under a NIT). Default: "1" for a NIT ("31", "50"), "2" otherwise; "1" only with a NIT.',
      ),
    email: z.email().max(254).optional().describe('Where the buyer is notified.'),
    address: customerAddressSchema.optional(),
    foreign_address: customerForeignAddressSchema
      .optional()
      .describe('The address of a buyer abroad, instead of address.'),
    tax_level_codes: z
      .array(z.enum(['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN']))
      .min(1)
      .max(5)
      .default(['R-99-PN'])
      .describe('Fiscal responsibilities (annex table 13.2.6.1).'),
  })
  .strict()
  .meta({ id: 'Customer' });

const positiveAmount = (maxDecimals: number, what: string) =>
  decimalAmount(maxDecimals, what).refine((a) => /[1-9]/.test(String(a)), `${what} must be greater than 0`);

type TaxTexts = { code: string; rate: string; perUnitAmount: string; unitsPerItem: string };

/**
 * A line's tax, by rate or per unit, for the given codes: v2's and v3's differ in their codes and v3's unit_code, and
 * the published v2 schema must stay as it was written.
 */
function lineTaxSchemaOf<Code extends string, Extra extends z.ZodRawShape>(
  kinds: { percentage: readonly Code[]; perUnit: readonly Code[] },
  texts: TaxTexts,
  extra: Extra,
) {
  const perUnitOnly = ['per_unit_amount', 'units_per_item', ...Object.keys(extra)];
  return z
    .object({
      code: z.enum([...kinds.percentage, ...kinds.perUnit] as [Code, ...Code[]]).describe(texts.code),
      name: text(0, 50).describe("Free text; the XML carries DIAN's own name for the code."),
      rate: decimalAmount(3, 'rate').optional().describe(texts.rate),
      per_unit_amount: positiveAmount(2, 'per_unit_amount').optional().describe(texts.perUnitAmount),
      units_per_item: positiveAmount(3, 'units_per_item').optional().describe(texts.unitsPerItem),
      ...extra,
    })
    .strict()
    .superRefine((value, ctx) => {
      const tax = value as Record<string, unknown> & { code: Code };
      const perUnit = kinds.perUnit.includes(tax.code);
      if (!perUnit && tax.rate === undefined)
        ctx.addIssue({ code: 'custom', path: ['rate'], message: `a percentage tax (${tax.code}) needs a rate` });
      if (perUnit && tax.per_unit_amount === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['per_unit_amount'],
          message: `a per-unit tax (${tax.code}) needs per_unit_amount`,
        });
      const wrong = perUnit ? ['rate'] : perUnitOnly;
      for (const field of wrong.filter((f) => tax[f] !== undefined))
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} does not apply to tax ${tax.code}` });
    });
}

/** The taxes InvoiceRequested.v2 published: by a percentage of the line's base, or per unit (annex table 13.2.2). */
const lineTaxV2Schema = lineTaxSchemaOf(
  { percentage: ['01', '03', '04', '35'], perUnit: ['22', '34'] },
  {
    code: '"01" IVA, "04" INC, "03" ICA, "35" ICUI (ultra-processed food): by `rate`; "22" INC bolsas (plastic bags), "34" IBUA (sugary drinks): by `per_unit_amount`.',
    rate: "Percentage, for 01, 03, 04, 35 only: IVA 0, 5 or 19; INC 2, 4, 8 or 16; ICUI 10, 15 or 20; ICA the municipality's (9.66 per mil is 0.966).",
    perUnitAmount:
      'For 22 and 34 only: the tax per unit (PerUnitAmount): INC bolsas per bag (unit "94"), e.g. 66; IBUA per millilitre ("MLT"), e.g. 0.65.',
    unitsPerItem:
      'For 22 and 34 only: how many bags or millilitres one item of the line holds (a 400 ml bottle: 400); default 1. BaseUnitMeasure is quantity × units_per_item, a whole number.',
  },
  {},
).meta({ id: 'LineTaxV2' });

/** Taxes charged as a percentage of the line's base (annex table 13.2.2; 05–07 are withholdings, below). */
export const percentageTaxCodes = ['01', '03', '04', '35', '08', '20', '21', '26', '30', '36'] as const;
/** Taxes charged as an amount per unit of measure (BaseUnitMeasure × PerUnitAmount, annex §3.8). */
export const perUnitTaxCodes = ['22', '34', '02', '23', '24', '25', '32', '33'] as const;

/** A line's tax today: every code of table 13.2.2 a seller charges (docs/api.md, "Other taxes"). */
export const lineTaxSchema = lineTaxSchemaOf(
  { percentage: percentageTaxCodes, perUnit: perUnitTaxCodes },
  {
    code: 'By `rate`: "01" IVA, "04" INC, "03" ICA, "35" ICUI, "08" IC porcentual, "20" cuota de fomento hortifrutícola, "21" timbre, "26" Sordicom, "30" IC datos, "36" ad valorem. By `per_unit_amount`: "22" INC bolsas, "34" IBUA, "02" IC (licores, cigarrillos), "23" INCarbono, "24" INCombustibles, "25" sobretasa a los combustibles, "32" ICL, "33" INPP.',
    rate: "Percentage, for the taxes by rate only: IVA 0, 5 or 19; INC 2, 4, 8 or 16; ICUI 10, 15 or 20; ICA the municipality's (9.66 per mil is 0.966); the others above 0 and at most 100.",
    perUnitAmount:
      'For the taxes per unit only: the tax per unit of `unit_code` (PerUnitAmount): INC bolsas per bag, e.g. 66; IBUA per millilitre, e.g. 0.65; INCombustibles per gallon.',
    unitsPerItem:
      'For the taxes per unit only: how many units of `unit_code` one item of the line holds (a 400 ml bottle: 400); default 1. BaseUnitMeasure is quantity × units_per_item, a whole number.',
  },
  {
    unit_code: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'must be a DIAN unit code')
      .optional()
      .describe(
        'For the taxes per unit only: the unit the tax is counted in (BaseUnitMeasure/@unitCode, UN/ECE Rec. 20). Default: "94" (unit) for INC bolsas and the others, "MLT" for IBUA; e.g. "GLL" for fuels, "LTR" for liquor.',
      ),
  },
).meta({ id: 'LineTaxV3' });

export const allowanceChargeSchema = z
  .object({
    type: z.enum(['discount', 'charge']).describe('A discount (ChargeIndicator false) or a charge (true).'),
    reason_code: z
      .enum(['00', '01'])
      .optional()
      .describe(
        'Discounts only, annex table 13.3.8: "00" descuento no condicionado (default), "01" descuento condicionado.',
      ),
    reason: text(1, 500).describe('Why, in words (AllowanceChargeReason).'),
    percent: decimalAmount(2, 'percent')
      .optional()
      .describe('Percentage of base_amount; give percent or amount, not both. At most 100 for a discount.'),
    amount: positiveAmount(2, 'amount').optional().describe('The amount itself; give percent or amount, not both.'),
    base_amount: positiveAmount(2, 'base_amount')
      .optional()
      .describe(
        "What the percentage applies to. Default: the line's quantity × unit_price for a line, the sum of the lines (LineExtensionAmount) for the invoice.",
      ),
  })
  .strict()
  .refine((ac) => (ac.percent === undefined) !== (ac.amount === undefined), {
    message: 'give exactly one of percent and amount',
    path: ['percent'],
  })
  .refine((ac) => ac.type === 'discount' || ac.reason_code === undefined, {
    message: 'only a discount has a reason_code (table 13.3.8)',
    path: ['reason_code'],
  })
  .refine((ac) => ac.type === 'charge' || ac.percent === undefined || !(Number(ac.percent) > 100), {
    message: 'a discount is at most 100 percent',
    path: ['percent'],
  })
  .meta({ id: 'AllowanceCharge' });

export const freeOfChargeSchema = z
  .object({
    reference_price: positiveAmount(6, 'reference_price').describe(
      'Unit price the item is valued at (PricingReference), up to 6 decimals.',
    ),
    price_type_code: z
      .enum(['01', '02', '03'])
      .default('01')
      .describe(
        'Annex table 13.3.9 (CodigoPrecioReferencia): "01" valor comercial (default), "02" valor en inventarios, "03" otro valor.',
      ),
  })
  .strict()
  .meta({ id: 'FreeOfCharge' });

export const prepaidPaymentSchema = z
  .object({
    id: text(1, 150).optional().describe("The advance's reference (receipt number); default: its position, 1, 2, …"),
    amount: positiveAmount(2, 'amount').describe('Amount received in advance (PaidAmount).'),
    received_date: isoDate.describe('When the advance was received; not after the issue date.'),
  })
  .strict()
  .meta({ id: 'PrepaidPayment' });

export const invoiceLineV2Schema = z
  .object({
    code: text(1, 50).describe("Product or service code (the taxpayer's own standard, scheme 999)."),
    name: text(1, 300).describe('Description.'),
    quantity: decimalAmount(6, 'quantity').refine((q) => /[1-9]/.test(String(q)), 'quantity must be greater than 0'),
    unit_price: decimalAmount(6, 'unit_price').describe('Unit price, up to 6 decimals (FBB02). 0 on a free line.'),
    unit_code: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'must be a DIAN unit code')
      .default('94')
      .describe('DIAN unit code (UN/ECE Rec. 20); "94" is unit.'),
    taxes: z
      .array(lineTaxV2Schema)
      .max(6)
      .default([])
      .refine((taxes) => new Set(taxes.map((t) => t.code)).size === taxes.length, 'at most one entry per tax code')
      .describe('Empty for goods or services excluded from IVA; at most one entry per tax code.'),
    allowance_charges: z
      .array(allowanceChargeSchema)
      .max(10)
      .optional()
      .describe('Discounts and charges on this line: they change the line amount and so its tax base (FAV06).'),
    free_of_charge: freeOfChargeSchema
      .optional()
      .describe(
        'Present: a free item or sample (FreeOfChargeIndicator). unit_price must be 0; taxes are computed on quantity × reference_price.',
      ),
  })
  .strict()
  .meta({ id: 'InvoiceLineV2' });

// i30-aiu: AIU and mandates, the v3 fields' schemas.
/**
 * The request fields of the two operations beyond the standard sale (annex table TipoOperacionF): AIU (09) and
 * mandates (11). Each is optional, so a request without them keeps its meaning and its hash.
 */

/** One of the three AIU parts: a percentage of the contract lines' amount, or the amount itself. */
export const aiuPartSchema = z
  .object({
    percent: decimalAmount(2, 'percent')
      .optional()
      .describe("Percentage of the contract lines' amount (their LineExtensionAmount); at most 100."),
    amount: decimalAmount(2, 'amount').optional().describe('The amount itself.'),
  })
  .strict()
  .refine((part) => (part.percent === undefined) !== (part.amount === undefined), {
    message: 'give exactly one of percent and amount',
    path: ['percent'],
  })
  .refine((part) => part.percent === undefined || !(Number(part.percent) > 100), {
    message: 'a part is at most 100 percent',
    path: ['percent'],
  })
  .meta({ id: 'AiuPart' });

export const aiuSchema = z
  .object({
    contract_object: text(1, 4950).describe(
      'What the contract is for: the Administración line\'s note reads "Contrato de servicios AIU por concepto de: " and this text (annex FAV03).',
    ),
    administration: aiuPartSchema.describe('Administración (A).'),
    unforeseen: aiuPartSchema.describe('Imprevistos (I).'),
    profit: aiuPartSchema.describe('Utilidad (U): the only part IVA is charged on.'),
    profit_iva_rate: decimalAmount(2, 'profit_iva_rate')
      .default(19)
      .describe("IVA's rate on the profit: 5 or 19 (default 19)."),
  })
  .strict()
  .meta({ id: 'Aiu' });

/** The principal (mandante) a line is sold for: the third party whose income it is (annex, operation 11). */
export const linePrincipalSchema = customerSchema
  .pick({ document_type: true, document_number: true, check_digit: true, name: true })
  .strict()
  .meta({ id: 'LinePrincipal' });

/**
 * Today's line: the v2 line, frozen above as InvoiceRequested.v2 published it, plus what v3 added (docs/events.md,
 * "Versioning"). New line fields go in this extend, optional, so every earlier request keeps its meaning and hash.
 */
export const invoiceLineSchema = invoiceLineV2Schema
  .extend({
    taxes: z
      .array(lineTaxSchema)
      .max(10)
      .default([])
      .refine((taxes) => new Set(taxes.map((t) => t.code)).size === taxes.length, 'at most one entry per tax code')
      .describe('Empty for goods or services excluded from IVA; at most one entry per tax code.'),
    // v3 line fields
    // i30-aiu (mandates, operation 11): the principal a line is sold for.
    principal: linePrincipalSchema
      .optional()
      .describe(
        "The principal (mandante) this line is sold for, as their agent: the invoice becomes a mandate (CustomizationID 11) and the line the principal's income (Item/InformationContentProviderParty).",
      ),
  })
  .meta({ id: 'InvoiceLineV3' });

export const paymentSchema = z
  .object({
    method_code: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'must be a DIAN payment means code')
      .describe('A code of DIAN\'s MediosPago list, e.g. "10" cash, "31" debit transfer, "48" credit card.'),
    due_date: isoDate
      .optional()
      .describe('Present: credit (payment form 2); absent: cash (form 1). Not before the issue date.'),
  })
  .strict()
  .meta({ id: 'Payment' });

/**
 * A withholding the buyer applies (ReteIVA, ReteFuente, ReteICA): written as cac:WithholdingTaxTotal, informative only
 * (annex §3.2: not in the CUFE, not subtracted from PayableAmount).
 */
export const withholdingSchema = z
  .object({
    code: z.enum(['05', '06', '07']).describe('"05" ReteIVA, "06" ReteFuente (ReteRenta), "07" ReteICA.'),
    rate: positiveAmount(3, 'rate').describe(
      'Percentage of the base, up to 3 decimals (ReteICA 9.66 per mil is 0.966); at most 100.',
    ),
    base: positiveAmount(2, 'base')
      .optional()
      .describe("Omitted: the invoice's IVA for ReteIVA, the lines' net amount (LineExtensionAmount) otherwise."),
  })
  .strict()
  .meta({ id: 'Withholding' });

// ── Currency and export (InvoiceRequested.v3 fields; all optional: absent means COP and type 01) ──

/**
 * The document's currency when it is not the peso (annex §3.2: DocumentCurrencyCode, cac:PaymentExchangeRate). Every
 * amount of the request is in this currency, and so is every amount the XML writes; the rate converts to COP.
 */
export const invoiceCurrencySchema = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
      .describe('A code of DIAN\'s currency list (TipoMoneda) other than "COP", e.g. "USD", "EUR".'),
    exchange_rate: positiveAmount(4, 'exchange_rate').describe(
      'Pesos per unit of the currency (CalculationRate), e.g. the TRM 3912.45; above 0, up to 4 decimals.',
    ),
    rate_date: isoDate.describe('When the rate was set (PaymentExchangeRate/Date); not after the issue date.'),
  })
  .strict()
  .meta({ id: 'InvoiceCurrency' });

/** An export sale (annex table 13.1.3, type 02): a buyer abroad and the delivery terms (cac:DeliveryTerms). */
export const invoiceExportSchema = z
  .object({
    incoterm: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an Incoterms code')
      .describe(
        'A code of DIAN\'s delivery terms list (TipoEntrega), e.g. "FOB", "CIF", "EXW" (LossRiskResponsibilityCode).',
      ),
    special_terms: text(1, 300)
      .optional()
      .describe('Further delivery conditions in words (SpecialTerms), e.g. "Portes pagados".'),
  })
  .strict()
  .meta({ id: 'InvoiceExport' });

// ── end of currency and export ──

export const invoiceRequestV2Schema = z
  .object({
    customer: customerSchema,
    lines: z.array(invoiceLineV2Schema).min(1).max(500),
    payment: paymentSchema,
    number: z
      .number()
      .int()
      .min(0)
      .max(9_999_999_999)
      .optional()
      .describe("Invoice number inside the tenant's authorized range; omitted: the next consecutive."),
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9]{0,4}$/, 'must be 0–4 letters or digits')
      .optional()
      .describe("Chooses among the tenant's resolutions; omitted: the active one."),
    allowance_charges: z
      .array(allowanceChargeSchema)
      .max(10)
      .optional()
      .describe(
        'Discounts and charges on the whole invoice (AllowanceTotalAmount, ChargeTotalAmount): applied after taxes, they do not change the tax bases.',
      ),
    withholdings: z
      .array(withholdingSchema)
      .max(3)
      .optional()
      .describe(
        "Withholdings the buyer applies, one per code: printed with the net the seller receives, never subtracted from PayableAmount or the CUFE's values.",
      ),
    prepaid_payments: z
      .array(prepaidPaymentSchema)
      .max(20)
      .optional()
      .describe(
        'Advances already received (PrepaidPayment, PrepaidAmount). Recorded, never subtracted from PayableAmount (annex 1.8+, FAU14).',
      ),
    total: decimalAmount(2, 'total')
      .optional()
      .describe(
        'Declared payable total (PayableAmount: lines + taxes − invoice discounts + invoice charges); checked against the computed one.',
      ),
    notes: z
      .string()
      .max(5000)
      .regex(XML_CHARACTERS, XML_CHARACTERS_MESSAGE)
      .optional()
      .describe('Free text, printed as cbc:Note.'),
    paper_document: z
      .object({
        number: text(1, 40).describe("The paper invoice's number, as printed on it."),
        issue_date: isoDate.describe('The date the sale was documented on paper; not after today.'),
      })
      .strict()
      .optional()
      .describe(
        'A sale documented on paper while the seller could not invoice electronically: the invoice is issued as type 03 and names the paper one (AdditionalDocumentReference, docs/contingency.md).',
      ),
  })
  .strict()
  .meta({ id: 'InvoiceRequestV2' });

/**
 * The request as the API takes it today: the v2 request, frozen above as InvoiceRequested.v2 published it, plus what
 * v3 added. New request fields go in this extend, optional, so every earlier request keeps its meaning and hash.
 */
export const invoiceRequestSchema = invoiceRequestV2Schema
  .extend({
    lines: z.array(invoiceLineSchema).min(1).max(500),
    // v3 request fields
    // i30-aiu (AIU, operation 09): the contract's Administración, Imprevistos and Utilidad.
    aiu: aiuSchema
      .optional()
      .describe(
        'A contract invoiced AIU (CustomizationID 09): lines are the contract; the service adds the Administración, Imprevistos and Utilidad lines, IVA on the Utilidad only.',
      ),
    // Currency and export (invoiceCurrencySchema, invoiceExportSchema above): absent means COP, type 01.
    currency: invoiceCurrencySchema
      .optional()
      .describe('Absent: pesos (COP). Present: every amount of the request is in this currency.'),
    export: invoiceExportSchema
      .optional()
      .describe('An export sale (InvoiceTypeCode 02) to a buyer with a foreign_address; not with paper_document.'),
    // end of currency and export
  })
  .meta({ id: 'InvoiceRequestV3' });

/** The request as the client sends it. */
export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;
/** The request after shape validation and defaults. */
export type InvoiceRequest = z.output<typeof invoiceRequestSchema>;
export type DecimalInput = number | string;
/** A line as InvoiceRequested.v2 and the notes' v2 events carry it (taxes 01, 03, 04, 35, 22, 34). */
export type InvoiceLineV2 = z.output<typeof invoiceLineV2Schema>;

/** The field builders the credit and debit note requests share with the invoice request. */
export { text as xmlTextSchema, isoDate as calendarDateSchema, decimalAmount as decimalAmountSchema };
