import type { IssuerSource } from '../registry/issuer-registry.ts';
import { colombiaDate } from '../rules/colombia-date.ts';
import type { SimulatedDianResponse } from '../store/store.ts';
import { schemaCheckFor } from '../validate/schema-check.ts';
import type { ValidationDeps } from '../validate/validate-document.ts';
import { createEventAnswerer } from './answer-event.ts';
import { createEventStatus } from './event-status.ts';
import { createBuyerPlayer, type PlayBuyerOutcome, type PlayBuyerRequest } from './play-buyer.ts';
import { createPlayedBuyers } from './played-buyers.ts';

/** What the simulator does with RADIAN: the two operations, and the test controls that play a buyer or move "today". */
export type RadianDesk = {
  /** SendEventUpdateStatus's answer for the event in the zip. */
  answerEvent(xml: string, xmlFileName: string, receivedAt: Date): SimulatedDianResponse;
  /** GetStatusEvent's answer for an invoice's CUFE. */
  eventStatus(cufe: string, now: Date): SimulatedDianResponse;
  playBuyer(cufe: string, request: PlayBuyerRequest): Promise<PlayBuyerOutcome>;
  /**
   * The Colombian date (YYYY-MM-DD) the event rules take for today (DC24e: a tacit acceptance only after 3 business
   * days), undefined for the reception's; a RangeError for anything else. The clock of everything else is untouched.
   */
  setToday(date: string | undefined): void;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function createRadianDesk(deps: ValidationDeps): RadianDesk {
  const played = createPlayedBuyers();
  // A buyer both registered (a tenant) and played has both softwares.
  const senders: IssuerSource = (nit) => {
    const registered = deps.issuers(nit);
    const playedOne = played.issuer(nit);
    if (!registered || !playedOne) return registered ?? playedOne;
    return { ...registered, software: [...registered.software, ...playedOne.software] };
  };
  const answer = createEventAnswerer({
    config: deps.config,
    trust: played.trusting(deps.trust),
    store: deps.store,
    senders,
    schema: schemaCheckFor(deps.config.schemaValidation),
  });
  let today: string | undefined;
  const reception = (receivedAt = deps.config.now()) => ({
    receivedAt,
    today: today ?? colombiaDate(receivedAt.getTime()),
  });
  return {
    answerEvent: (xml, xmlFileName, receivedAt) =>
      answer(xml, xmlFileName, { ...reception(receivedAt), receivedAs: xmlFileName }),
    eventStatus: createEventStatus(deps),
    playBuyer: createBuyerPlayer({ store: deps.store, played, answerEvent: answer, reception: () => reception() }),
    setToday(date) {
      if (date !== undefined && !(ISO_DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date)))
        throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
      today = date;
    },
  };
}
