import type { ReceivedInvoiceResponse } from '@fe/contracts';
import { eventStatus, type ReceivedInvoiceState } from '../stream/received-invoice-state.ts';

const ANSWER = { '030': 'received', '032': 'goods_received', '031': 'claimed', '033': 'accepted' } as const;
const RANK = { none: 0, received: 1, goods_received: 2, claimed: 3, accepted: 3 } as const;

/** The API's and the portal's view of a received invoice (pure); undefined before its import. */
export function receivedInvoiceView(state: ReceivedInvoiceState): ReceivedInvoiceResponse | undefined {
  const imported = state.imported;
  if (!imported) return undefined;
  const d = imported.data;
  let answer: ReceivedInvoiceResponse['buyer_answer'] = 'none';
  for (const e of state.events) {
    const step = ANSWER[e.requested.data.code];
    if (e.registered && RANK[step] > RANK[answer]) answer = step;
  }
  return {
    cufe: d.cufe,
    number: d.number,
    ...(d.issue_date ? { issue_date: d.issue_date } : {}),
    supplier: { nit: d.supplier.nit, name: d.supplier.name, ...(d.supplier.email ? { email: d.supplier.email } : {}) },
    ...(d.payable_amount ? { payable_amount: d.payable_amount } : {}),
    source: d.source,
    received_at: imported.occurred_at,
    checks_passed: d.checks_passed,
    checks: d.checks,
    buyer_answer: answer,
    events: state.events.map((e) => {
      const r = e.requested.data;
      return {
        code: r.code,
        event_id: r.event_id,
        status: eventStatus(e),
        requested_at: e.requested.occurred_at,
        ...(e.registered
          ? {
              cude: e.registered.data.cude,
              issue_date: e.registered.data.issue_date,
              ...(e.registered.data.registered_at ? { registered_at: e.registered.data.registered_at } : {}),
            }
          : {}),
        ...(e.refused && !e.registered ? { rules: e.refused.data.rules } : {}),
        ...(e.halted && !e.refused && !e.registered
          ? { rules: [{ rule: e.halted.data.error_code, message: 'El servicio no pudo enviar el evento a la DIAN.' }] }
          : {}),
        ...(e.mailed ? { mailed_to: e.mailed.data.to } : {}),
        ...(r.person ? { person: r.person } : {}),
        ...(r.claim ? { claim: r.claim } : {}),
      };
    }),
  };
}
