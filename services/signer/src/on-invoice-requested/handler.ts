import { createHash } from 'node:crypto';
import type { Envelope } from '@fe/contracts';
import {
  findEvent, isConcurrencyError, lazyChild, loadInvoiceStream, metaCausedBy, newInvoiceEvent,
  type BlobStore, type Clock, type DeliveredMessage, type EventStore, type Logger,
} from '@fe/platform';
import type { XmlSigner } from '../ports/xml-signer.ts';
import { isXadesError, type DigestAlgorithm } from '@fe/xades';
import { decideSigning, invoiceSignedData, signedXmlKey, type DocumentRequested } from './decide.ts';
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
 * InvoiceRequested → signed XML in the blob store → InvoiceSigned (docs/architecture.md convention 2).
 * A credit or debit note's first event (CreditNoteRequested, DebitNoteRequested) takes the same
 * path to the same InvoiceSigned on the note's own stream (on-note-requested/rebuild-note.ts).
 * Idempotent on an at-least-once bus: the stream decides whether there is work, the append expects
 * the version that was loaded, and a delivery that loses that race returns quietly. Anything thrown
 * is retried by the bus and, after its attempts, dead-lettered.
 *
 *   await subscribeInvoiceEvents(bus, { group: 'fe.signer', logger, handlers: { InvoiceRequested: onInvoiceRequested(ports, { algorithm: 'sha256' }) } });
 */
export function onInvoiceRequested(ports: OnInvoiceRequestedPorts, options: { algorithm: DigestAlgorithm }) {
  return async (event: DocumentRequested, message?: DeliveredMessage): Promise<void> => {
    const what = documentNames[event.type];
    const log = lazyChild(ports.logger, { reaction: event.type === 'InvoiceRequested' ? 'on-invoice-requested' : 'on-note-requested', invoice_id: event.invoice_id, event_id: event.id, attempt: message?.attempt ?? 1 });
    const stream = event.invoice_id;
    if (!stream) throw new SignerError('EVENT_NOT_RECORDED', 'the event has no invoice_id');
    try {
      const loaded = await loadInvoiceStream(ports.store, stream);
      const decision = decideSigning(event, loaded.events);
      if (decision.action === 'none') {
        log.info({ outcome: 'skipped', reason: decision.reason }, `${what} already signed; nothing to do`);
        return;
      }

      const { requested } = decision;
      const signed = await signRequested(requested, ports, options.algorithm);
      const bytes = Buffer.from(signed.xml, 'utf8');
      const xmlKey = signedXmlKey(requested.tenant_id, requested.data.document_id);
      // Stored before the event that points at it, so a reader never follows a key to nothing.
      await ports.blobs.put(xmlKey, bytes, 'application/xml');

      const data = invoiceSignedData({
        xmlKey, xmlSha256: createHash('sha256').update(bytes).digest('hex'), signingTime: signed.signingTime, serialNumber: signed.serialNumber,
      });
      const recorded = newInvoiceEvent('InvoiceSigned', data, metaCausedBy(requested), ports.clock);
      try {
        // zod types invoice_id as `string | undefined`, Envelope as optional `string` (exactOptionalPropertyTypes).
        await ports.store.append(stream, [recorded as Envelope], loaded.version);
      } catch (error) {
        if (!isConcurrencyError(error) || !(await signedMeanwhile(ports.store, stream))) throw error;
        log.info({ outcome: 'lost_race' }, 'another delivery recorded InvoiceSigned first; nothing to do');
        return;
      }
      log.info({ outcome: 'signed', xml_key: xmlKey, certificate_serial: data.certificate_serial }, `${what} signed`);
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

const documentNames = { InvoiceRequested: 'invoice', CreditNoteRequested: 'credit note', DebitNoteRequested: 'debit note' } as const;

/** After a ConcurrencyError: true when the event that got in first was an InvoiceSigned. */
async function signedMeanwhile(store: EventStore, stream: string): Promise<boolean> {
  return findEvent((await loadInvoiceStream(store, stream)).events, 'InvoiceSigned') !== undefined;
}
