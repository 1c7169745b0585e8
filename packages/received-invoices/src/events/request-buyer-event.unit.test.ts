import { receivedInvoiceStream } from '@fe/contracts';
import { SqliteEventStore, type EventStore } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { CUFE, imported, mailed, registered, requested } from '../../test-support/received-invoice-events.ts';
import { requestBuyerEvent } from './request-buyer-event.ts';

const STREAM = receivedInvoiceStream('acme', CUFE);
const clock = { now: () => new Date('2026-11-23T16:00:00Z') };
const target = { tenantId: 'acme', cufe: CUFE, correlationId: 'req-2' };
const person = { id: '1020304050', document_type: '13', first_name: 'Ana', family_name: 'Pérez' };

/** A store where `meanwhile` is appended by another writer just before the request's first append. */
function racing(store: EventStore, meanwhile: Parameters<EventStore['append']>[1]): EventStore {
  let raced = false;
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'append') return Reflect.get(target, name, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        if (!raced) {
          raced = true;
          await target.append(STREAM, meanwhile, 'any');
        }
        return target.append(...args);
      };
    },
  });
}

/** ACME asks for 032 after a registered 030 while another writer appends `meanwhile`. */
async function ask032While(meanwhile: Parameters<EventStore['append']>[1]) {
  const store = new SqliteEventStore(':memory:');
  await store.append(STREAM, [imported(), requested('030'), registered('030')], 'no_stream');
  const request = { code: '032' as const, person, from: 'portal' as const };
  const outcome = await requestBuyerEvent({ store: racing(store, meanwhile), clock }, target, request);
  return { outcome, types: (await store.read(STREAM)).events.map((e) => e.envelope.type) };
}

describe('requestBuyerEvent against another writer', () => {
  it("records a request still in order when the previous event's mail was appended meanwhile", async () => {
    const { outcome, types } = await ask032While([mailed('030')]);
    expect(outcome.kind).toBe('requested');
    expect(types.slice(-2)).toEqual(['ReceivedInvoiceEventMailed', 'ReceivedInvoiceEventRequested']);
  });

  it('refuses, as pending, a request another writer recorded first', async () => {
    const { outcome, types } = await ask032While([requested('032')]);
    expect(outcome).toMatchObject({ kind: 'refused', refusal: { code: 'BUYER_EVENT_PENDING' } });
    expect(types).toHaveLength(4);
  });
});
