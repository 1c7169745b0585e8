import { DeciderSpecification } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  accepted,
  automaticTacitRejected,
  listedEvent,
  radianRegistered,
  rejected,
  requested,
  signed,
  submitted,
} from '../../test-support/invoice-events.ts';
import { eventCheckDecider, type EventCheck, type EventCheckDecision } from './decide.ts';

// DIAN accepted the invoice at 2026-11-22T15:00:03Z (a Sunday); the goods arrived Friday 2026-12-04, before the
// Monday 7th and the holiday of Tuesday 8th (Inmaculada Concepción): business days 7, 9, 10, so 034 from the 11th.
const spec = DeciderSpecification.for(eventCheckDecider);
const base = [requested(), signed(), submitted(1), accepted()];
const now = new Date('2026-12-04T20:00:00Z');
const check = (over: Partial<EventCheck> = {}): EventCheck => ({
  now,
  today: '2026-12-04',
  listed: [],
  mode: 'offer',
  ...over,
});
const received = listedEvent('030', '1', '2026-12-04');
const goods = listedEvent('032', '2', '2026-12-04');
const recorded = (decision: EventCheckDecision) => {
  if (decision.action !== 'record') throw new Error(`not a record: ${decision.why}`);
  return decision;
};

describe('decideEventCheck: what a check of DIAN records and does next', () => {
  it('not an accepted invoice: nothing (a rejected one has no RADIAN life)', () => {
    spec
      .given([requested(), signed(), submitted(1), rejected()])
      .when(check())
      .then({
        action: 'none',
        why: 'not-accepted',
      });
  });

  it("records DIAN's events the stream lacks, in DIAN's order, with their data", () => {
    spec
      .given(base)
      .when(check({ listed: [received, goods] }))
      .then((decision) => {
        const d = recorded(decision);
        expect(d.registrations.map((r) => [r.code, r.cude[0], r.issued_by_us])).toEqual([
          ['030', '1', false],
          ['032', '2', false],
        ]);
        expect(d.registrations[0]).toMatchObject({
          name: 'Evento 030',
          event_id: 'EV0301',
          issue_date: '2026-12-04',
          issue_time: '12:00:00-05:00',
          sender: { nit: '900108281', name: 'Cliente S.A.S.' },
          registered_at: '2026-12-04T17:00:00.000Z',
        });
        expect(d.answer).toEqual({ answer: 'goods_received', final: false, tacitAcceptanceFrom: '2026-12-11' });
      });
  });

  it('an event recorded before (by CUDE) is not recorded again; an unreadable entry is skipped, with why', () => {
    spec
      .given([...base, radianRegistered({ code: '030', cude: '1'.repeat(96), issue_date: '2026-12-04' })])
      .when(check({ listed: [received, listedEvent('099', '3', '2026-12-04'), { ...goods, cude: 'XYZ' }] }))
      .then((decision) => {
        const d = recorded(decision);
        expect(d.registrations).toEqual([]);
        expect(d.skipped.map((s) => s.why)).toEqual(['event code 099', 'no CUDE']);
        expect(d.answer.answer).toBe('received');
      });
  });

  it("a claim's reason is kept", () => {
    const claim = listedEvent('031', '4', '2026-12-05', {
      claimReason: { code: '02', name: 'Mercancía no entregada' },
    });
    spec
      .given(base)
      .when(check({ listed: [received, goods, claim] }))
      .then((decision) =>
        expect(recorded(decision).registrations[2]!.claim).toEqual({ reason: '02', text: 'Mercancía no entregada' }),
      );
  });

  it('goods received, before the fourth business day: no 034; automatic wakes at the start of that day', () => {
    spec
      .given(base)
      .when(check({ listed: [received, goods], mode: 'automatic' }))
      .then((decision) => {
        const d = recorded(decision);
        expect(d.tacit).toEqual({ kind: 'not-now', refusal: { code: 'TOO_EARLY', availableFrom: '2026-12-11' } });
        // nextEventCheck: 12 days after the acceptance, every 6 hours; the 11th starts later than that
        expect(d.next).toEqual(new Date('2026-12-05T02:00:00Z'));
      });
    const close = new Date('2026-12-10T23:00:00Z'); // 18:00 in Colombia on the 10th
    spec
      .given(base)
      .when(check({ now: close, today: '2026-12-10', listed: [received, goods], mode: 'automatic' }))
      .then((decision) => expect(recorded(decision).next).toEqual(new Date('2026-12-11T05:00:00Z')));
  });

  it('from that day: automatic issues the 034 with the invoice-derived number; offer offers it', () => {
    const late = check({ today: '2026-12-11', listed: [received, goods] });
    spec
      .given(base)
      .when({ ...late, mode: 'automatic' })
      .then((decision) => expect(recorded(decision).tacit).toEqual({ kind: 'issue', id: 'TACSETP990000001' }));
    spec
      .given(base)
      .when(late)
      .then((decision) => expect(recorded(decision).tacit).toEqual({ kind: 'offered', availableFrom: '2026-12-11' }));
    spec
      .given(base)
      .when({ ...late, requested: true })
      .then((decision) => expect(recorded(decision).tacit).toEqual({ kind: 'issue', id: 'TACSETP990000001' }));
  });

  it('once DIAN rejected the automatic 034 (recorded), automatic offers it; a request still issues it', () => {
    const late = check({ today: '2026-12-11', listed: [received, goods] });
    spec
      .given([...base, ...automaticTacitRejected()])
      .when({ ...late, mode: 'automatic' })
      .then((decision) => expect(recorded(decision).tacit).toEqual({ kind: 'offered', availableFrom: '2026-12-11' }));
    spec
      .given([...base, ...automaticTacitRejected()])
      .when({ ...late, mode: 'automatic', requested: true })
      .then((decision) => expect(recorded(decision).tacit).toEqual({ kind: 'issue', id: 'TACSETP990000001' }));
  });

  it('a request too early, before the goods, or after a claim or an express acceptance is refused with why', () => {
    const refusal = (listed: EventCheck['listed'], today = '2026-12-11') => {
      let got: unknown;
      spec
        .given(base)
        .when(check({ today, listed, requested: true }))
        .then((decision) => void (got = recorded(decision).tacit));
      return got;
    };
    expect(refusal([received])).toEqual({ kind: 'not-now', refusal: { code: 'GOODS_NOT_RECEIVED' } });
    expect(refusal([received, goods], '2026-12-10')).toEqual({
      kind: 'not-now',
      refusal: { code: 'TOO_EARLY', availableFrom: '2026-12-11' },
    });
    expect(refusal([received, goods, listedEvent('033', '5', '2026-12-09')])).toEqual({
      kind: 'not-now',
      refusal: { code: 'BUYER_ANSWERED', event: '033' },
    });
    expect(refusal([received, goods, listedEvent('031', '6', '2026-12-09')])).toEqual({
      kind: 'not-now',
      refusal: { code: 'BUYER_ANSWERED', event: '031' },
    });
  });

  it('a final answer ends following: no next check', () => {
    spec
      .given(base)
      .when(check({ listed: [received, goods, listedEvent('033', '5', '2026-12-09')] }))
      .then((decision) => {
        expect(recorded(decision).answer).toMatchObject({ answer: 'accepted', final: true });
        expect(recorded(decision).next).toBeUndefined();
      });
  });

  it("DIAN's 034 with this invoice's number is the seller's own (a send whose answer was lost): done", () => {
    const own = listedEvent('034', '7', '2026-12-11', { id: 'TACSETP990000001' });
    spec
      .given(base)
      .when(check({ today: '2026-12-11', listed: [received, goods, own], mode: 'automatic' }))
      .then((decision) => {
        const d = recorded(decision);
        expect(d.registrations.at(-1)).toMatchObject({ code: '034', issued_by_us: true });
        expect(d.tacit).toEqual({ kind: 'done' });
        expect(d.next).toBeUndefined();
      });
  });

  it('past the 90 days of following: no next check', () => {
    spec
      .given(base)
      .when(check({ now: new Date('2027-02-21T00:00:00Z'), today: '2027-02-20' }))
      .then((decision) => expect(recorded(decision).next).toBeUndefined());
  });
});
