import { createHash } from 'node:crypto';
import type { InvoiceSignedV1 } from '@fe/contracts';
import {
  documentStream,
  lazyChild,
  metaCausedBy,
  newInvoiceEvent,
  runReaction,
  type BlobStore,
  type Clock,
  type DeliveredMessage,
  type DocumentRequested,
  type EventStore,
  type Logger,
} from '@fe/platform';
import type { XmlSigner } from '../ports/xml-signer.ts';
import { isXadesError, type DigestAlgorithm } from '@fe/xades';
import { decideSigning, invoiceSignedData, signedXmlKey } from './decide.ts';
import { isSignerError, SignerError } from '../errors.ts';
import { signRequested } from './sign-requested.ts';
import type { SigningTenants } from './signing-tenants.ts';

export type OnInvoiceRequestedPorts = {
  store: EventStore;
  blobs: BlobStore;
  tenants: SigningTenants;
  signer: XmlSigner;
  clock: Clock;
  logger: Logger;
};

/**
 * InvoiceRequested (or a note's first event) → signed XML in the blob store → InvoiceSigned, on the shared
 * reaction runner: a delivery that loses the append race returns quietly, anything thrown is retried by the bus.
 */
export function onInvoiceRequested(ports: OnInvoiceRequestedPorts, options: { algorithm: DigestAlgorithm }) {
  return async (event: DocumentRequested, message?: DeliveredMessage): Promise<void> => {
    const what = documentNames[event.type];
    const log = lazyChild(ports.logger, {
      reaction: event.type === 'InvoiceRequested' ? 'on-invoice-requested' : 'on-note-requested',
      invoice_id: event.invoice_id,
      event_id: event.id,
      attempt: message?.attempt ?? 1,
    });
    const stream = event.invoice_id;
    if (!stream) throw new SignerError('EVENT_NOT_RECORDED', 'the event has no invoice_id');
    try {
      const run = await runReaction({
        store: ports.store,
        stream,
        fold: documentStream,
        decide: (state) => decideSigning(event, state),
        act: async ({ requested }) => {
          const signed = await signRequested(requested, ports, options.algorithm);
          const bytes = Buffer.from(signed.xml, 'utf8');
          const xmlKey = signedXmlKey(requested.tenant_id, requested.data.document_id);
          // Stored before the event that points at it, so a reader never follows a key to nothing.
          await ports.blobs.put(xmlKey, bytes, 'application/xml');
          const data = invoiceSignedData({
            xmlKey,
            xmlSha256: createHash('sha256').update(bytes).digest('hex'),
            signingTime: signed.signingTime,
            serialNumber: signed.serialNumber,
          });
          return { events: [newInvoiceEvent('InvoiceSigned', data, metaCausedBy(requested), ports.clock)] };
        },
      });
      if (run.outcome === 'skipped') {
        log.info({ outcome: 'skipped', reason: run.decision.reason }, `${what} already signed; nothing to do`);
      } else if (run.outcome === 'lost_race') {
        log.info({ outcome: 'lost_race' }, 'another delivery recorded InvoiceSigned first; nothing to do');
      } else {
        const { data } = run.events[0] as InvoiceSignedV1;
        log.info(
          { outcome: 'signed', xml_key: data.xml_key, certificate_serial: data.certificate_serial },
          `${what} signed`,
        );
      }
    } catch (error) {
      // Final failures get one line with their stable code, for whoever reads the dead letters; the
      // error holds no secret. Transient ones (a crashed pool worker) are the bus's warning.
      if ((isSignerError(error) || isXadesError(error)) && !error.retriable) {
        const causeCode = isSignerError(error) ? error.causeCode : undefined;
        log.error({ code: error.code, cause_code: causeCode, tenant_id: event.tenant_id }, `${what} cannot be signed`);
      }
      throw error;
    }
  };
}

const documentNames = {
  InvoiceRequested: 'invoice',
  CreditNoteRequested: 'credit note',
  DebitNoteRequested: 'debit note',
} as const;
