import { buildEventList } from '../application-response/build-event-list.ts';
import { createApplicationResponseSigner } from '../application-response/sign-application-response.ts';
import type { SimulatorConfig } from '../config.ts';
import type { SimulatedDianResponse, SimulatorStore } from '../store/store.ts';

/**
 * GetStatusEvent (trackId = an invoice's CUFE): `00` with DIAN's signed ApplicationResponse listing the events
 * registered on it, none included (docs/dian-web-service.md, "RADIAN events"); `66` for an invoice it never accepted,
 * as GetStatus answers.
 */
export function createEventStatus(deps: { config: Pick<SimulatorConfig, 'identity'>; store: SimulatorStore }) {
  const signer = createApplicationResponseSigner(deps.config.identity);
  let consecutive = 0;

  return function eventStatus(cufe: string, now: Date): SimulatedDianResponse {
    const accepted = cufe ? deps.store.acceptedDocument(cufe) : undefined;
    const invoice = accepted?.kind === 'invoice' ? accepted.invoice : undefined;
    if (!invoice) {
      return {
        isValid: false,
        statusCode: '66',
        statusDescription: 'NSU no encontrado',
        statusMessage: undefined,
        errorMessages: [],
        xmlBase64Bytes: undefined,
        xmlDocumentKey: cufe || undefined,
        xmlFileName: undefined,
      };
    }
    const events = deps.store.eventsOf(cufe);
    const list = buildEventList({
      id: `EL${++consecutive}`,
      environment: invoice.environment === '1' ? '1' : '2',
      answeredAt: now,
      invoice: { number: invoice.number, issuer: invoice.supplier },
      events,
    });
    const count = events.length === 0 ? 'no tiene eventos registrados' : `tiene ${events.length} eventos registrados`;
    return {
      isValid: true,
      statusCode: '00',
      statusDescription: 'Procesado Correctamente.',
      statusMessage: `La factura electrónica ${invoice.number} ${count}.`,
      errorMessages: [],
      xmlBase64Bytes: Buffer.from(signer.sign(list, now), 'utf8').toString('base64'),
      xmlDocumentKey: cufe,
      xmlFileName: undefined,
    };
  };
}
