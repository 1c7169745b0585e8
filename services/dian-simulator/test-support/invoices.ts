// Signed invoices for the simulator's tests: a valid one, and the same one with exactly one thing
// broken (before signing, so the signature stays valid and only the targeted rule fires).
import {
  buildInvoiceXml,
  cufe,
  demoResolution,
  softwareSecurityCode,
  demoSoftware,
  demoTenant,
  validateInvoiceRequest,
  type NumberingResolution,
} from '@fe/dian-domain';
import { createXadesSigner, type SigningCredential } from '@fe/xades';

const request = {
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
  lines: [
    { code: 'P-1', name: 'Producto 1', quantity: 2, unit_price: 50000, taxes: [{ code: '01', name: 'IVA', rate: 19 }] },
    { code: 'P-2', name: 'Producto 2', quantity: 1, unit_price: 20000, taxes: [{ code: '01', name: 'IVA', rate: 5 }] },
    { code: 'P-3', name: 'Producto 3', quantity: 3, unit_price: 1000, taxes: [] },
    {
      code: 'P-4',
      name: 'Producto exento',
      quantity: 1,
      unit_price: 100,
      taxes: [{ code: '01', name: 'IVA', rate: 0 }],
    },
  ],
  payment: { method_code: '10' },
} as const;

const taxedLine = (code: string, name: string, quantity: number, unit_price: number, ...taxes: object[]) => ({
  code,
  name,
  quantity,
  unit_price,
  taxes,
});
const iva19 = { code: '01', name: 'IVA', rate: 19 };
/**
 * Every line tax the product writes: IVA beside ICUI, ICA and INC (a vehicle's two taxes on one base), and the
 * per-unit INC bolsas (per bag) and IBUA (per millilitre) with their BaseUnitMeasure and PerUnitAmount.
 */
export const everyTaxRequest = {
  customer: request.customer,
  lines: [
    taxedLine('G-1', 'Galletas (ultraprocesado)', 10, 4200, iva19, { code: '35', name: 'ICUI', rate: 20 }),
    taxedLine('S-1', 'Mantenimiento', 1, 350000, iva19, { code: '03', name: 'ICA', rate: 0.966 }),
    taxedLine('V-1', 'Camioneta', 2, 30000, iva19, { code: '04', name: 'INC', rate: 16 }),
    taxedLine('B-1', 'Bolsa plástica', 3, 200, iva19, { code: '22', name: 'Bolsas', per_unit_amount: 66 }),
    taxedLine('D-1', 'Gaseosa 400 ml', 24, 2500, iva19, {
      code: '34',
      name: 'IBUA',
      per_unit_amount: 0.65,
      units_per_item: 400,
    }),
  ],
  payment: request.payment,
};

/** An export (type 02) in US dollars to a company abroad, delivered FOB, with its rate to COP. */
export const exportRequest = {
  customer: {
    document_type: '50',
    document_number: 'US987654321',
    name: 'Importadora del Norte Inc.',
    foreign_address: { line: '1 Harbor Way', city_name: 'Miami', region: 'FL', country_code: 'US' },
  },
  lines: [
    taxedLine('C-1', 'Café verde (saco 70 kg)', 40, 310.5, { code: '01', name: 'IVA', rate: 0 }),
    taxedLine('F-1', 'Flores (caja)', 12, 45.25),
  ],
  payment: { method_code: '30' },
  currency: { code: 'USD', exchange_rate: '3912.45', rate_date: '2026-01-02' },
  export: { incoterm: 'FOB' },
} as const;

/** An AIU contract (09): two contract lines, A 10 % and I 5 % of them, U 3 000 000 taxed IVA 19 %. */
export const aiuRequest = {
  customer: request.customer,
  lines: [taxedLine('OB-1', 'Obra civil', 1, 50000000), taxedLine('OB-2', 'Acabados', 2, 5000000)],
  payment: request.payment,
  aiu: {
    contract_object: 'Construcción de la sede de Chía',
    administration: { percent: 10 },
    unforeseen: { percent: 5 },
    profit: { amount: 3000000 },
  },
};

/** A mandate (11): a principal's line (NIT 800197268-4), a natural-person principal's, and the seller's own. */
export const mandateRequest = {
  customer: request.customer,
  lines: [
    {
      ...taxedLine('M-1', 'Boleta concierto', 2, 150000, iva19),
      principal: { document_type: '31', document_number: '800197268', check_digit: '4', name: 'Eventos S.A.S.' },
    },
    {
      ...taxedLine('M-2', 'Clase de música', 1, 80000),
      principal: { document_type: '13', document_number: '1020304050', name: 'Ana Músico' },
    },
    taxedLine('C-1', 'Comisión de venta', 1, 30000, iva19),
  ],
  payment: request.payment,
};

// Each test process starts at a random point of the shared test range, as the reference advises.
let next = 990_000_000 + Math.floor(Math.random() * 4_000_000);

export type InvoiceOptions = {
  /** The request built; default: four lines of IVA at 19, 5 and 0 % and one excluded. */
  request?: typeof request | typeof everyTaxRequest | typeof exportRequest | typeof aiuRequest | typeof mandateRequest;
  number?: string;
  issuedAt?: Date;
  resolution?: Partial<NumberingResolution>;
  tenant?: Partial<typeof demoTenant>;
  /** Edits the unsigned XML (a canonical string) before signing. */
  mutate?: (xml: string) => string;
  /** Recompute cbc:UUID after `mutate`, so a broken amount does not also break the CUFE. */
  recomputeCufe?: boolean;
  signingTime?: Date;
  /** The environment it targets (ProfileExecutionID, the CUFE's); habilitación by default. */
  environment?: '1' | '2';
  /** Sold on credit, due that day (a título valor's invoice); cash by default. */
  dueDate?: string;
  credential: SigningCredential;
};

export function signedInvoice(options: InvoiceOptions): {
  xml: string;
  cufe: string;
  id: string;
  /** PayableAmount, and the due date when on credit: what a 036 and a 037 state of the invoice. */
  payable: string;
  dueDate: string | undefined;
} {
  const issuedAt = options.issuedAt ?? new Date();
  const issueDate = new Date(issuedAt.getTime() - 5 * 3600_000).toISOString().slice(0, 10);
  const base = options.request ?? request;
  const payment = options.dueDate ? { method_code: '31', due_date: options.dueDate } : base.payment;
  const validated = validateInvoiceRequest({ ...base, payment }, { issueDate });
  if (!validated.ok) throw new Error(JSON.stringify(validated.error));
  const built = buildInvoiceXml({
    invoice: validated.value,
    tenant: { ...demoTenant, ...options.tenant },
    resolution: { ...demoResolution, ...options.resolution },
    number: options.number ?? String(next++),
    software: demoSoftware,
    environment: options.environment ?? '2',
    issuedAt,
  });
  let xml = options.mutate ? options.mutate(built.xml) : built.xml;
  if (options.recomputeCufe) xml = withRecomputedCufe(xml, built.cufe);
  const signed = createXadesSigner(options.credential).sign(xml, { signingTime: options.signingTime ?? issuedAt });
  return {
    xml: signed.xml,
    cufe: /<cbc:UUID[^>]*>([0-9a-f]+)<\/cbc:UUID>/.exec(signed.xml)![1]!,
    id: built.documentId,
    payable: /<cbc:PayableAmount[^>]*>([^<]+)</.exec(signed.xml)![1]!,
    dueDate: options.dueDate,
  };
}

/** The CUFE and SoftwareSecurityCode of the (mutated) document from its own fields, with the demo range's key. */
function withRecomputedCufe(xml: string, old: string): string {
  const pick = (re: RegExp) => re.exec(xml)?.[1] ?? '0.00';
  const lmt = xml.slice(xml.indexOf('<cac:LegalMonetaryTotal>'));
  const header = xml.slice(0, xml.indexOf('<cac:LegalMonetaryTotal>'));
  const tax = (scheme: string) => {
    const totals = header
      .split('<cac:TaxTotal>')
      .slice(1)
      .filter((t) => t.includes(`<cbc:ID>${scheme}</cbc:ID>`) && !t.includes('<cac:InvoiceLine>'));
    return totals[0] ? /<cbc:TaxAmount[^>]*>([^<]+)</.exec(totals[0])![1]! : '0.00';
  };
  const fresh = cufe({
    numFac: pick(/<cbc:ID>([^<]+)<\/cbc:ID><cbc:UUID/),
    fecFac: pick(/<cbc:IssueDate>([^<]+)</),
    horFac: pick(/<cbc:IssueTime>([^<]+)</),
    valFac: /<cbc:LineExtensionAmount[^>]*>([^<]+)</.exec(lmt)![1]!,
    valIva: tax('01'),
    valInc: tax('04'),
    valIca: tax('03'),
    valTot: /<cbc:PayableAmount[^>]*>([^<]+)</.exec(lmt)![1]!,
    nitOfe: pick(/<cac:AccountingSupplierParty>[\s\S]*?<cac:PartyTaxScheme>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
    numAdq: pick(/<cac:AccountingCustomerParty>[\s\S]*?<cac:PartyTaxScheme>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
    key: demoResolution.technicalKey,
    environment: '2',
  });
  const id = pick(/<cbc:ID>([^<]+)<\/cbc:ID><cbc:UUID/);
  return xml
    .split(old)
    .join(fresh)
    .replace(
      /(<sts:SoftwareSecurityCode[^>]*>)[0-9a-f]+</,
      `$1${softwareSecurityCode(demoSoftware.id, demoSoftware.pin, id)}<`,
    );
}
