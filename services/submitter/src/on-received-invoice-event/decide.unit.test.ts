import { DeciderSpecification } from '@fe/platform/testing';
import { evolveReceivedInvoice, initialReceivedInvoiceState } from '@fe/received-invoices';
import { halted, imported, refused, registered, requested } from '@fe/received-invoices/testing';
import { describe, expect, it } from 'vitest';
import { decideBuyerEventSend } from './decide.ts';

const spec = DeciderSpecification.for({
  initialState: initialReceivedInvoiceState,
  evolve: evolveReceivedInvoice,
  decide: decideBuyerEventSend,
});

describe("decideBuyerEventSend: whether the buyer's requested event still goes to DIAN", () => {
  it('a request with no answer yet: send it', () => {
    const asked = requested('030');
    spec
      .given([imported(), asked])
      .when(asked)
      .then((decision) => {
        expect(decision.action).toBe('send');
        if (decision.action === 'send') expect(decision.entry.requested).toEqual(asked);
      });
  });

  it("a redelivery after DIAN's answer was recorded, registered or refused: nothing", () => {
    const asked = requested('030');
    spec
      .given([imported(), asked, registered('030')])
      .when(asked)
      .then({ action: 'none', reason: 'answered' });
    spec
      .given([imported(), asked, refused('030')])
      .when(asked)
      .then({ action: 'none', reason: 'answered' });
    // An operator's re-drive of a request the service gave up on sends nothing: the buyer asks again instead.
    spec
      .given([imported(), asked, halted(asked)])
      .when(asked)
      .then({ action: 'none', reason: 'answered' });
  });

  it('a request the stream does not hold, or a stream without its import: nothing', () => {
    spec.given([imported()]).when(requested('030')).then({ action: 'none', reason: 'unknown_request' });
    spec.given([]).when(requested('030')).then({ action: 'none', reason: 'not_imported' });
  });
});
