// Test support for the renderer's reaction (not exported from the package). The embedded adapters,
// the capturing logger and ingress-built InvoiceRequested events come from @fe/reaction-world; the
// signing credential is @fe/xades's in-memory test identity.
import { createHash } from 'node:crypto';
import {
  creditNoteRequestedV2Data,
  debitNoteRequestedV2Data,
  type CreditNoteRequestedV2,
  type DebitNoteRequestedV2,
  type Envelope,
  type InvoiceAcceptedV1,
  type InvoiceRejectedV1,
  type InvoiceRequestInput,
  type InvoiceRequestedV3,
  type InvoiceSignedV1,
} from '@fe/contracts';
import { buildCase } from '@fe/dian-domain/testing';
import { invoiceStreamName, metaCausedBy, newInvoiceEvent } from '@fe/platform';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { publish, requestedEvent, testClock, type World } from '@fe/reaction-world/testing';
import { makeTestIdentity } from '@fe/xades/testing';
import {
  creditNoteCude,
  creditNoteXml,
  debitNoteCude,
  debitNoteXml,
  referencedInvoiceCufe,
  signNote,
} from './note-fixtures.ts';

export { deadLetters, eventsOfType, makeWorld, publish, waitFor, type World } from '@fe/reaction-world/testing';
export const issuedAt = new Date('2026-03-10T15:15:00Z'); // 10:15:00 in Colombia
export const validatedAt = '2026-03-10T10:16:02-05:00';

const identity = makeTestIdentity();
const credential = loadP12(identity.p12, identity.password, issuedAt);
const signer = createXadesSigner(credential);

export type SignedStream = { requested: InvoiceRequestedV3; signed: InvoiceSignedV1; xml: string };

/**
 * What ingress and the signer leave behind: InvoiceRequested, the signed XML stored, InvoiceSigned.
 * `recorded` overrides facts of the InvoiceRequested only, for an XML that disagrees with it.
 */
export async function recordSignedInvoice(
  world: World,
  request: InvoiceRequestInput,
  number: string,
  recorded: Partial<InvoiceRequestedV3['data']> = {},
): Promise<SignedStream> {
  const built = requestedEvent(request, number, issuedAt);
  const requested: InvoiceRequestedV3 = { ...built, data: { ...built.data, ...recorded } };
  const document = buildCase(request, number, issuedAt); // the same document: demo tenant, habilitación
  const { xml, signingTime } = signer.sign(document.xml, { signingTime: issuedAt });
  const xmlKey = `demo/${requested.data.document_id}.xml`;
  await world.blobs.put(xmlKey, xml, 'application/xml');
  const signed = newInvoiceEvent(
    'InvoiceSigned',
    {
      xml_key: xmlKey,
      xml_sha256: createHash('sha256').update(xml).digest('hex'),
      signed_at: signingTime,
      certificate_serial: '0badc0ffee',
    },
    metaCausedBy(requested),
    testClock,
  );
  await world.store.append(requested.invoice_id!, [requested as Envelope, signed as Envelope], 'no_stream');
  return { requested, signed, xml };
}

export type SignedNoteStream = {
  requested: CreditNoteRequestedV2 | DebitNoteRequestedV2;
  signed: InvoiceSignedV1;
  xml: string;
};

/**
 * A note's stream as ingress and the signer leave it; `recorded.cude` overrides the first event's CUDE, for an XML
 * that disagrees with it.
 */
export async function recordSignedNote(
  world: World,
  kind: 'credit' | 'debit',
  recorded: { cude?: string } = {},
): Promise<SignedNoteStream> {
  const [documentId, cude, xml] =
    kind === 'credit' ? ['NC1001', creditNoteCude, creditNoteXml] : ['ND1001', debitNoteCude, debitNoteXml];
  const fields = {
    request: { invoice: { cufe: referencedInvoiceCufe }, concept: '1', lines: noteLines },
    prefix: documentId.slice(0, 2),
    number: '1001',
    document_id: documentId,
    environment: '2',
    issued_at: '2025-03-12T08:30:00-05:00',
    cude: recorded.cude ?? cude,
    payable_amount: '119000.00',
    lines: noteLines,
    referenced_invoice: {
      invoice_id: invoiceStreamName('demo', 'SETP990001234'),
      document_id: 'SETP990001234',
      cufe: referencedInvoiceCufe,
      issue_date: '2025-03-10',
    },
    customer: {
      document_type: '13',
      document_number: '1020304050',
      name: 'PERSONA NATURAL DE EJEMPLO',
      email: 'cliente@example.com',
    },
    payment: { method_code: '10' },
  };
  const meta = {
    tenantId: 'demo',
    invoiceId: invoiceStreamName('demo', documentId),
    correlationId: `req-${documentId}`,
    causationId: `req-${documentId}`,
  };
  const requested =
    kind === 'credit'
      ? newInvoiceEvent('CreditNoteRequested', creditNoteRequestedV2Data.parse(fields), meta, testClock)
      : newInvoiceEvent('DebitNoteRequested', debitNoteRequestedV2Data.parse(fields), meta, testClock);
  const signedXml = signNote(xml);
  const xmlKey = `demo/${documentId}.xml`;
  await world.blobs.put(xmlKey, signedXml, 'application/xml');
  const signed = newInvoiceEvent(
    'InvoiceSigned',
    {
      xml_key: xmlKey,
      xml_sha256: createHash('sha256').update(signedXml).digest('hex'),
      signed_at: '2025-03-12T08:30:00-05:00',
      certificate_serial: '0badc0ffee',
    },
    metaCausedBy(requested),
    testClock,
  );
  await world.store.append(meta.invoiceId, [requested as Envelope, signed as Envelope], 'no_stream');
  return { requested, signed, xml: signedXml };
}

const noteLines = [
  {
    code: 'SRV-001',
    name: 'Servicio de ejemplo gravado al 19%',
    quantity: 2,
    unit_price: 50000,
    taxes: [{ code: '01', name: 'IVA', rate: 19 }],
  },
];

export function acceptedEvent(cause: InvoiceSignedV1): InvoiceAcceptedV1 {
  return newInvoiceEvent(
    'InvoiceAccepted',
    {
      track_id: 'track-1',
      status_code: '00',
      status_description: 'Procesado Correctamente.',
      status_message: 'La Factura electrónica ha sido autorizada.',
      notifications: [],
      validated_at: validatedAt,
    },
    metaCausedBy(cause),
    testClock,
  );
}

export function rejectedEvent(cause: InvoiceSignedV1): InvoiceRejectedV1 {
  return newInvoiceEvent(
    'InvoiceRejected',
    {
      track_id: 'track-2',
      status_code: '99',
      status_description: 'Validación contiene errores en campos mandatorios.',
      status_message: 'Documento con errores en campos mandatorios.',
      errors: [{ rule: 'FAK24', message: 'NIT del adquiriente no registrado' }],
      rejected_at: '2026-03-10T10:16:05-05:00',
    },
    metaCausedBy(cause),
    testClock,
  );
}

/** The submitter's part: the verdict is recorded after InvoiceSigned, then the relay publishes it. */
export async function recordVerdict(
  world: World,
  stream: SignedStream | SignedNoteStream,
  verdict: InvoiceAcceptedV1 | InvoiceRejectedV1,
): Promise<void> {
  await world.store.append(stream.requested.invoice_id!, [verdict as Envelope], 1n);
  await publish(world.bus, verdict);
}
