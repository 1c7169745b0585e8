import type { EventContent, EventParty } from '@fe/dian-domain';
import { createApplicationResponseSigner } from '../application-response/sign-application-response.ts';
import { colombiaDate } from '../rules/colombia-date.ts';
import type { PartyFacts, SimulatedDianResponse, SimulatorStore } from '../store/store.ts';
import { parseLightXml } from '../xml/light-xml.ts';
import type { EventReception } from './answer-event.ts';
import type { PlayedBuyers } from './played-buyers.ts';

/** What a test asks the simulator to register on an invoice as its buyer would (control "play the buyer"). */
export type PlayBuyerRequest = {
  /** 030, 031, 032 or 033. */
  eventCode: string;
  /** Who received or accepted (030, 032, 033); a simulated employee of the buyer when absent. */
  person?: EventContent['person'];
  /** A claim's (031) reason, 01–04. */
  claimReason?: string;
  note?: string;
  /** ISO 8601; absent, the reception instant, or noon of the simulator's "today" when a test moved it. */
  issuedAt?: string;
};

export type PlayBuyerOutcome =
  | { ok: true; id: string; cude: string; response: SimulatedDianResponse }
  | { ok: false; code: 'INVOICE_UNKNOWN' | 'REQUEST_INVALID'; message: string };

/** Each event's ID prefix, after DIAN's toolkit examples (ACR0021, REC00001 …). */
const PREFIXES: ReadonlyMap<string, string> = new Map([
  ['030', 'ACR'],
  ['031', 'RCL'],
  ['032', 'RBS'],
  ['033', 'ACE'],
]);
const SIMULATED_PERSON = { documentType: '13', id: '1000000001', firstName: 'Recepción', familyName: 'Simulada' };

const eventParty = (p: PartyFacts): EventParty => ({
  name: p.name,
  documentType: p.documentType,
  id: p.nit,
  ...(p.documentType === '31' && p.dv !== undefined ? { dv: Number(p.dv) } : {}),
  personType: p.personType === '2' ? '2' : '1',
});

/**
 * Plays an invoice's buyer: writes the event with @fe/dian-domain's builder (the buyer's software would), signs it
 * with the buyer's identity (played-buyers.ts) and hands it to SendEventUpdateStatus's own answerer, so it is judged
 * and registered like one that arrived over SOAP. The builder is loaded on first use: the simulator's thread carries
 * the package index (zod, xmlbuilder2) only when a test plays a buyer.
 */
export function createBuyerPlayer(deps: {
  store: SimulatorStore;
  played: PlayedBuyers;
  answerEvent: (xml: string, xmlFileName: string, at: EventReception) => SimulatedDianResponse;
  reception: () => EventReception;
}) {
  let consecutive = 0;
  return async function playBuyer(cufe: string, request: PlayBuyerRequest): Promise<PlayBuyerOutcome> {
    const prefix = PREFIXES.get(request.eventCode);
    if (!prefix) return invalid('eventCode: the simulator plays the buyer for 030, 031, 032 and 033');
    const accepted = deps.store.acceptedDocument(cufe);
    const invoice = accepted?.kind === 'invoice' ? accepted.invoice : undefined;
    if (!invoice) return { ok: false, code: 'INVOICE_UNKNOWN', message: `no accepted invoice has the CUFE ${cufe}` };
    const at = deps.reception();
    const issuedAt = request.issuedAt ? new Date(request.issuedAt) : defaultIssuedAt(at);
    if (Number.isNaN(issuedAt.getTime())) return invalid('issuedAt: an ISO 8601 instant');

    const environment = invoice.environment === '1' ? '1' : '2';
    const buyer = deps.played.buyer(invoice.customer, environment, at.receivedAt);
    const { buildEventApplicationResponse } = await import('@fe/dian-domain');
    const built = buildEventApplicationResponse({
      content: {
        eventCode: request.eventCode,
        id: `${prefix}${issuedAt.getTime().toString(36).toUpperCase()}${++consecutive}`,
        sender: eventParty(invoice.customer),
        receiver: eventParty(invoice.supplier),
        invoice: { id: invoice.number, cufe },
        ...(request.eventCode === '031' ? {} : { person: request.person ?? SIMULATED_PERSON }),
        ...(request.claimReason === undefined ? {} : { claimReason: request.claimReason }),
        ...(request.note === undefined ? {} : { note: request.note }),
      },
      software: {
        ...buyer.software,
        providerDv: Number(invoice.customer.dv ?? 0),
        providerName: invoice.customer.name,
      },
      environment,
      issuedAt,
    });
    if (!built.ok) {
      const fields = built.error.details.map((d) => `${d.path}: ${d.message}`).join('; ');
      return invalid(`${built.error.code}: ${fields}`);
    }
    const signer = createApplicationResponseSigner(buyer.identity, {
      rootNamespaces: parseLightXml(built.value.xml).root.declarations,
    });
    const signed = signer.sign(built.value.xml, issuedAt);
    const response = deps.answerEvent(signed, `${built.value.id}.xml`, at);
    return { ok: true, id: built.value.id, cude: built.value.cude, response };
  };
}

const invalid = (message: string): PlayBuyerOutcome => ({ ok: false, code: 'REQUEST_INVALID', message });

/** The reception instant, or noon (Colombia) of the simulator's "today" when a test moved it to another day. */
function defaultIssuedAt(at: EventReception): Date {
  return colombiaDate(at.receivedAt.getTime()) === at.today ? at.receivedAt : new Date(`${at.today}T12:00:00-05:00`);
}
