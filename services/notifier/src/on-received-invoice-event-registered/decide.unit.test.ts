import { DeciderSpecification } from '@fe/platform/testing';
import { evolveReceivedInvoice, initialReceivedInvoiceState } from '@fe/received-invoices';
import { imported, mailed, registered, requested } from '@fe/received-invoices/testing';
import { describe, expect, it } from 'vitest';
import { decideEventMail } from './decide.ts';

const spec = DeciderSpecification.for({
  initialState: initialReceivedInvoiceState,
  evolve: evolveReceivedInvoice,
  decide: decideEventMail,
});

describe("decideEventMail: the registered event's AttachedDocument goes to the supplier once", () => {
  it("registered with DIAN's answer: mailed to the address the invoice names", () => {
    const done = registered('030');
    spec
      .given([imported(), requested('030'), done])
      .when(done)
      .then((decision) => {
        expect(decision).toMatchObject({
          action: 'mail',
          to: 'facturacion@demo.example',
          arKey: done.data.application_response_key,
        });
      });
  });

  it('mailed before (a redelivery): nothing', () => {
    const done = registered('030');
    spec
      .given([imported(), requested('030'), done, mailed('030')])
      .when(done)
      .then({ action: 'none', reason: 'mailed' });
  });

  it("without DIAN's answer to carry (a resend DIAN knew: 90), or an unknown event: nothing", () => {
    const bare = registered('030', false);
    spec
      .given([imported(), requested('030'), bare])
      .when(bare)
      .then({ action: 'none', reason: 'no_dian_answer' });
    spec.given([imported()]).when(registered('032')).then({ action: 'none', reason: 'unknown_event' });
  });
});
