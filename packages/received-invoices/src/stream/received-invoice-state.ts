import type {
  BuyerEventCode,
  InvoiceEvent,
  InvoiceProcessingHaltedV1,
  ReceivedInvoiceEventMailedV1,
  ReceivedInvoiceEventRefusedV1,
  ReceivedInvoiceEventRegisteredV1,
  ReceivedInvoiceEventRequestedV1,
  ReceivedInvoiceImportedV1,
} from '@fe/contracts';
import type { StreamFold } from '@fe/platform';

/** One of the buyer's events on the invoice: asked for, then registered or refused by DIAN, then mailed. */
export type BuyerEventState = {
  requested: ReceivedInvoiceEventRequestedV1;
  registered?: ReceivedInvoiceEventRegisteredV1;
  /** The last refusal of this request; a new request of the same code starts a new entry. */
  refused?: ReceivedInvoiceEventRefusedV1;
  mailed?: ReceivedInvoiceEventMailedV1;
  /** The submitter gave up on sending it (its request dead-lettered): no answer will come, the buyer may ask again. */
  halted?: InvoiceProcessingHaltedV1;
};

/** A received invoice's stream folded: the import in force and the buyer's events in the order asked. */
export type ReceivedInvoiceState = {
  imported: ReceivedInvoiceImportedV1 | undefined;
  events: BuyerEventState[];
};

export const initialReceivedInvoiceState = (): ReceivedInvoiceState => ({ imported: undefined, events: [] });

/** The latest request of a code: an earlier one DIAN refused stays in the history. */
const latest = (state: ReceivedInvoiceState, code: BuyerEventCode, eventId: string) =>
  state.events.findLast((e) => e.requested.data.code === code && e.requested.data.event_id === eventId);

export function evolveReceivedInvoice(state: ReceivedInvoiceState, event: InvoiceEvent): ReceivedInvoiceState {
  switch (event.type) {
    case 'ReceivedInvoiceImported':
      // A later import replaces one that failed its checks (decideImport lets only that through).
      return { ...state, imported: event };
    case 'ReceivedInvoiceEventRequested':
      return { ...state, events: [...state.events, { requested: event }] };
    case 'ReceivedInvoiceEventRegistered':
    case 'ReceivedInvoiceEventRefused':
    case 'ReceivedInvoiceEventMailed': {
      const eventId = 'event_id' in event.data ? event.data.event_id : undefined;
      const target =
        eventId !== undefined
          ? latest(state, event.data.code, eventId)
          : state.events.findLast((e) => e.registered?.data.cude === event.data.cude);
      if (!target) return state;
      const key =
        event.type === 'ReceivedInvoiceEventRegistered'
          ? 'registered'
          : event.type === 'ReceivedInvoiceEventRefused'
            ? 'refused'
            : 'mailed';
      return { ...state, events: state.events.map((e) => (e === target ? { ...e, [key]: event } : e)) };
    }
    case 'InvoiceProcessingHalted': {
      const target = state.events.find((e) => e.requested.id === event.data.failed_event_id);
      if (!target || target.registered || target.refused) return state;
      return { ...state, events: state.events.map((e) => (e === target ? { ...e, halted: event } : e)) };
    }
    default:
      return state;
  }
}

/** The fold `runReaction` and `loadState` take (@fe/platform). */
export const receivedInvoiceFold: StreamFold<ReceivedInvoiceState> = {
  initialState: initialReceivedInvoiceState,
  evolve: evolveReceivedInvoice,
};

/** What an event entry has come to. */
export const eventStatus = (e: BuyerEventState): 'requested' | 'registered' | 'refused' =>
  e.registered ? 'registered' : e.refused || e.halted ? 'refused' : 'requested';
