import type { ReceivedInvoiceCheck } from '@fe/contracts';
import { readZip } from '@fe/dian-client';
import {
  parseXmlTree,
  readApplicationResponse,
  readAttachedDocument,
  readInvoiceDocument,
  readInvoiceParties,
} from '@fe/dian-xml';
import { verifyAttachedDocument, verifySignedInvoice, type Check } from '@fe/xades';

export type CheckInput = {
  bytes: Uint8Array;
  /** The buyer: the tenant importing it. */
  tenantNit: string;
  /** DIAN's certificate (or its CA): its ApplicationResponse must chain to it. */
  trustedDianPem?: string | undefined;
};

/** What the received file says about its invoice, and what was found on checking it. */
export type ReceivedFacts = {
  cufe: string;
  number: string;
  issueDate?: string | undefined;
  environment?: string | undefined;
  supplier: {
    nit: string;
    dv?: number;
    documentType?: string;
    personType?: '1' | '2';
    name: string;
    email?: string;
  };
  buyerId?: string | undefined;
  payableAmount?: string | undefined;
  /** The XML kept: the AttachedDocument, or the invoice when that is what came. */
  xml: string;
  checks: ReceivedInvoiceCheck[];
};

export type CheckResult = { kind: 'read'; facts: ReceivedFacts } | { kind: 'unreadable'; reason: string };

const DIAN_NIT = '800197268';

/**
 * Reads and checks a supplier's file (blocking: DOM, C14N, RSA; run it on the check thread, check-pool.ts). The buyer
 * has no technical key, so the CUFE is checked against DIAN's signed answer rather than recomputed
 * (docs/choices.md, "What a received invoice's checks mean").
 */
export function checkReceived(input: CheckInput): CheckResult {
  const xml = pickXml(input.bytes);
  if (!xml) return { kind: 'unreadable', reason: 'no se encontró un AttachedDocument ni una factura XML' };
  let root;
  try {
    root = parseXmlTree(xml);
  } catch {
    return { kind: 'unreadable', reason: 'el XML no está bien formado' };
  }
  if (root.localName === 'AttachedDocument') return checkAttached(xml, input);
  if (root.localName === 'Invoice') return checkBareInvoice(xml, input);
  return { kind: 'unreadable', reason: `el documento es un ${root.localName}, no una factura` };
}

function checkAttached(xml: string, input: CheckInput): CheckResult {
  const attached = readAttachedDocument(xml);
  const invoiceXml = attached.documentXml?.trim();
  if (!invoiceXml) return { kind: 'unreadable', reason: 'el AttachedDocument no trae la factura' };
  const facts = invoiceFacts(invoiceXml);
  if (typeof facts === 'string') return { kind: 'unreadable', reason: facts };
  const report = verifyAttachedDocument(xml, input.trustedDianPem ? { trustedDianPem: input.trustedDianPem } : {});
  const group = (prefix: string, except?: RegExp) =>
    report.checks.filter((c) => c.name.startsWith(prefix) && !(except && except.test(c.name)));
  const ar = attached.applicationResponseXml?.trim();
  const answer = ar ? safely(() => readApplicationResponse(ar)) : undefined;
  const dianAnswer = group('DIAN ApplicationResponse: ', /ResponseCode|speaks of/);
  const checks: ReceivedInvoiceCheck[] = [
    summarize('ATTACHED_DOCUMENT_SIGNATURE', group('AttachedDocument: '), 'El AttachedDocument está firmado'),
    summarize('INVOICE_SIGNATURE', group('invoice: ', /CUFE/), 'La firma XAdES de la factura es válida'),
    cufeCheck(facts.cufe, attached.documentKey, answer?.documentKey),
    ar
      ? summarize('DIAN_SIGNATURE', dianAnswer, 'La respuesta de la DIAN está firmada por la DIAN')
      : { code: 'DIAN_SIGNATURE', ok: false, detail: 'No trae la respuesta (ApplicationResponse) de la DIAN' },
    answer?.responseCode === '02' && answer.senderNit === DIAN_NIT
      ? { code: 'DIAN_ACCEPTED', ok: true, detail: 'La DIAN validó la factura (código 02)' }
      : {
          code: 'DIAN_ACCEPTED',
          ok: false,
          detail: answer
            ? `La respuesta de la DIAN no la valida (código ${answer.responseCode ?? 'ninguno'})`
            : 'No trae la respuesta de la DIAN',
        },
    buyerCheck(facts.buyerId, input.tenantNit),
  ];
  return { kind: 'read', facts: { ...facts, xml, checks } };
}

/** An invoice alone has no DIAN answer: it is listed, with that failure, so the buyer sees why. */
function checkBareInvoice(xml: string, input: CheckInput): CheckResult {
  const facts = invoiceFacts(xml);
  if (typeof facts === 'string') return { kind: 'unreadable', reason: facts };
  const report = verifySignedInvoice(xml);
  const missing = 'Llegó la factura sola, sin el AttachedDocument con la respuesta de la DIAN';
  const checks: ReceivedInvoiceCheck[] = [
    { code: 'ATTACHED_DOCUMENT_SIGNATURE', ok: false, detail: missing },
    summarize(
      'INVOICE_SIGNATURE',
      report.checks.filter((c) => !/CUFE/.test(c.name)),
      'La firma XAdES de la factura es válida',
    ),
    { code: 'CUFE_MATCHES_DIAN', ok: false, detail: missing },
    { code: 'DIAN_SIGNATURE', ok: false, detail: missing },
    { code: 'DIAN_ACCEPTED', ok: false, detail: missing },
    buyerCheck(facts.buyerId, input.tenantNit),
  ];
  return { kind: 'read', facts: { ...facts, xml, checks } };
}

function invoiceFacts(invoiceXml: string): Omit<ReceivedFacts, 'xml' | 'checks'> | string {
  const head = safely(() => readInvoiceDocument(invoiceXml));
  if (!head) return 'la factura no se puede leer';
  if (!head.key || !/^[0-9a-f]{96}$/.test(head.key)) return 'la factura no trae un CUFE';
  if (!head.number) return 'la factura no trae su número';
  const { supplier, customer } = readInvoiceParties(head);
  if (!supplier.id) return 'la factura no identifica al proveedor';
  const dv = supplier.dv !== undefined && /^\d$/.test(supplier.dv) ? Number(supplier.dv) : undefined;
  return {
    cufe: head.key,
    number: head.number,
    issueDate: head.issueDate,
    environment: head.environment,
    supplier: {
      nit: supplier.id,
      ...(dv !== undefined ? { dv } : {}),
      ...(supplier.documentType ? { documentType: supplier.documentType } : {}),
      ...(supplier.personType === '1' || supplier.personType === '2' ? { personType: supplier.personType } : {}),
      name: supplier.name ?? supplier.id,
      ...(supplier.email ? { email: supplier.email } : {}),
    },
    buyerId: customer.id,
    payableAmount: head.payableAmount,
  };
}

function cufeCheck(cufe: string, containerKey: string | undefined, dianKey: string | undefined): ReceivedInvoiceCheck {
  if (dianKey === cufe && containerKey === cufe)
    return { code: 'CUFE_MATCHES_DIAN', ok: true, detail: 'El CUFE de la factura es el que la DIAN validó' };
  return {
    code: 'CUFE_MATCHES_DIAN',
    ok: false,
    detail: `El CUFE de la factura (${short(cufe)}) no es el de la respuesta de la DIAN (${short(dianKey)}) o del AttachedDocument (${short(containerKey)})`,
  };
}

function buyerCheck(buyerId: string | undefined, tenantNit: string): ReceivedInvoiceCheck {
  return buyerId === tenantNit
    ? { code: 'BUYER_IS_TENANT', ok: true, detail: `La factura está a nombre de este comprador (NIT ${tenantNit})` }
    : {
        code: 'BUYER_IS_TENANT',
        ok: false,
        detail: `La factura está a nombre de ${buyerId ?? 'nadie'}, no de este comprador (NIT ${tenantNit})`,
      };
}

/** One check from the verifier's lines: failed lines (skipped ones do not fail) say why. */
function summarize(code: string, lines: readonly Check[], okText: string): ReceivedInvoiceCheck {
  const failed = lines.filter((c) => c.ok === false);
  if (!lines.length) return { code, ok: false, detail: 'No se pudo verificar' };
  return failed.length
    ? { code, ok: false, detail: failed.map((c) => `${c.name}: ${c.detail}`).join('; ') }
    : { code, ok: true, detail: okText };
}

/** The XML of the upload: itself, or the zip's AttachedDocument (else its invoice). */
function pickXml(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    let entries;
    try {
      entries = readZip(bytes, { maxEntries: 20, maxEntryBytes: 10 * 1024 * 1024 });
    } catch {
      return undefined;
    }
    const xmls = entries
      .filter((e) => e.name.toLowerCase().endsWith('.xml'))
      .map((e) => Buffer.from(e.data).toString('utf8'));
    return xmls.find((x) => rootOf(x) === 'AttachedDocument') ?? xmls.find((x) => rootOf(x) === 'Invoice');
  }
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? text : undefined;
}

const rootOf = (xml: string) => safely(() => parseXmlTree(xml).localName);

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

const short = (key: string | undefined) => (key ? `${key.slice(0, 12)}…` : 'ninguno');
