import { buildApplicationResponse } from '../application-response/build-application-response.ts';
import { createApplicationResponseSigner } from '../application-response/sign-application-response.ts';
import { ruleMessage } from '../rules/catalogue.ts';
import type { PartyFacts, RegisteredEvent, SimulatedDianResponse } from '../store/store.ts';
import { detached } from '../xml/light-xml.ts';
import type { EventPartyView, EventView } from './event-view.ts';
import { refusedResponse } from '../application-response/refused-response.ts';
import { judgeEvent, type EventDeps } from './judge-event.ts';

/** The reception's instant and the simulator's notion of today (a Colombian date). */
export type EventReception = {
  receivedAt: Date;
  today: string;
  /** The name a sender gave the file, judged by the annex's convention; absent for the buyer the simulator plays. */
  receivedAs?: string;
};

const own = (text: string | null | undefined) => detached(text ?? '');
const maybe = (text: string | null | undefined) => (text ? detached(text) : undefined);
const partyFacts = (p: EventPartyView): PartyFacts => ({
  nit: own(p.id),
  dv: maybe(p.dv),
  documentType: own(p.documentType),
  personType: maybe(p.personType),
  name: own(p.name),
});

/** What the simulator keeps of an accepted event: copies, so a kept event does not hold its whole document. */
function registered(view: EventView, receivedAt: Date): RegisteredEvent {
  return {
    code: own(view.code),
    id: own(view.id),
    cude: own(view.uuid.value),
    description: maybe(view.description),
    claimReason: view.claimReason && { code: own(view.claimReason.code), name: maybe(view.claimReason.name) },
    issueDate: own(view.issueDate),
    issueTime: own(view.issueTime),
    sender: partyFacts(view.sender),
    receiver: partyFacts(view.receiver),
    registeredAt: receivedAt,
  };
}

/**
 * SendEventUpdateStatus: judges one event and writes DIAN's answer as for an invoice (`00` with a signed
 * ApplicationResponse referencing the event, `99` with its rules), recorded under the event's CUDE (GetStatus, rule
 * 90) and, accepted, on its invoice's list (GetStatusEvent).
 */
export function createEventAnswerer(deps: EventDeps) {
  const signer = createApplicationResponseSigner(deps.config.identity);
  let consecutive = 0;

  return function answerEvent(xml: string, xmlFileName: string, at: EventReception): SimulatedDianResponse {
    const verdict = judgeEvent(xml, at, deps);
    const view = verdict.view;
    const cude = maybe(view?.uuid.value);
    const base = {
      xmlDocumentKey: cude,
      xmlFileName: xmlFileName.replace(/\.xml$/i, ''),
      errorMessages: verdict.findings.map(ruleMessage),
    };
    const senderNit = own(view?.sender.id);
    if (!verdict.accepted || !view || !verdict.invoice || !cude) {
      const response = refusedResponse(base);
      // A resend of a registered event (rule 90) leaves the registration's answer as it was.
      if (cude)
        deps.store.record(cude, {
          response,
          accepted: false,
          signedXml: undefined,
          validatedAt: at.receivedAt,
          document: { kind: 'event', issuerNit: senderNit },
        });
      return response;
    }
    const event = registered(view, at.receivedAt);
    const statusMessage = `El evento ${event.code} ${event.id} sobre la factura ${verdict.invoice.number}, ha sido registrado.`;
    const unsigned = buildApplicationResponse({
      id: `EV${++consecutive}`,
      environment: view.profileExecutionId === '1' ? '1' : '2',
      validatedAt: at.receivedAt,
      receiver: {
        nit: event.sender.nit,
        dv: event.sender.dv ?? null,
        name: event.sender.name,
        documentType: event.sender.documentType,
      },
      document: { id: event.id, cufe: cude, kind: 'event' },
      notifications: verdict.findings,
      statusMessage,
    });
    const response: SimulatedDianResponse = {
      ...base,
      isValid: true,
      statusCode: '00',
      statusDescription: 'Procesado Correctamente.',
      statusMessage,
      xmlBase64Bytes: Buffer.from(signer.sign(unsigned, at.receivedAt), 'utf8').toString('base64'),
    };
    deps.store.recordEvent(own(view.reference.uuid), event, {
      response,
      accepted: true,
      signedXml: xml,
      validatedAt: at.receivedAt,
      document: { kind: 'event', issuerNit: senderNit },
    });
    return response;
  };
}
