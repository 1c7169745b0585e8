import type { RadianEventRegistration } from '@fe/contracts';
import { tacitAcceptanceAvailableFrom } from '@fe/dian-domain';
import { expect, it } from 'vitest';
import { radianOrderFindings } from './radian-event-order.ts';
import { repeatedCudes } from './repeated-cudes.ts';

// Each RADIAN event's place in the order, as recorded on an invoice's stream: a lawful life passes, and each
// out-of-order or repeated event is a finding naming it.
const event = (code: RadianEventRegistration['code'], digit: string, date: string, time = '09:00:00-05:00') =>
  ({
    code,
    name: `Evento ${code}`,
    event_id: `EV${code}-${digit}`,
    cude: digit.repeat(96),
    issue_date: date,
    issue_time: time,
    sender: { nit: '900108281' },
    issued_by_us: code === '034',
  }) satisfies RadianEventRegistration;
const receipt = '2026-03-19'; // a Thursday; the Monday after is a holiday (San José, moved)
const tacitFrom = tacitAcceptanceAvailableFrom(receipt);
const order = (...events: RadianEventRegistration[]) =>
  radianOrderFindings('inv-demo-SETP1', events).map((f) => `${f.code} ${f.detail}`);

it('passes a lawful life: receipt, goods, tacit acceptance on its first day, título valor, two endorsements', () => {
  expect(tacitFrom).toBe('2026-03-26'); // Fri 20, Tue 24, Wed 25 are the three business days
  expect(
    order(
      event('030', '1', receipt),
      event('032', '2', receipt, '09:00:01-05:00'),
      event('034', '3', tacitFrom),
      event('036', '4', tacitFrom, '10:00:00-05:00'),
      event('037', '5', tacitFrom, '11:00:00-05:00'),
      event('037', '6', tacitFrom, '12:00:00-05:00'),
    ),
  ).toEqual([]);
  // Learned in one check, listed newest first: the issue instants, not the stream's order, say what came first;
  // the same day, a time missing from DIAN's list (recorded as 00:00) leaves the stream's order to say it.
  expect(order(event('032', '2', receipt, '10:00:00-05:00'), event('030', '1', receipt))).toEqual([]);
  expect(order(event('030', '1', receipt), event('032', '2', receipt, '00:00:00-05:00'))).toEqual([]);
});

it('finds an event without the ones it needs, or issued before them', () => {
  expect(order(event('032', '2', receipt))).toEqual([
    'RADIAN_EVENT_OUT_OF_ORDER event 032 EV032-2: no 030 issued before it',
  ]);
  expect(order(event('030', '1', '2026-03-20'), event('032', '2', receipt))).toEqual([
    'RADIAN_EVENT_OUT_OF_ORDER event 032 EV032-2: no 030 issued before it',
  ]);
  expect(order(event('030', '1', receipt), event('033', '3', receipt))).toEqual([
    'RADIAN_EVENT_OUT_OF_ORDER event 033 EV033-3: no 032 issued before it',
  ]);
  expect(order(event('030', '1', receipt), event('032', '2', receipt), event('036', '4', receipt))).toEqual([
    'RADIAN_EVENT_OUT_OF_ORDER event 036 EV036-4: no 033 or 034 issued before it',
  ]);
  expect(order(event('037', '5', receipt))).toEqual([
    'RADIAN_EVENT_OUT_OF_ORDER event 037 EV037-5: no 036 issued before it',
  ]);
});

it('finds a 034 before the first day after three business days, and one beside a claim or an express acceptance', () => {
  const goods = [event('030', '1', receipt), event('032', '2', receipt)];
  expect(order(...goods, event('034', '3', '2026-03-25'))).toEqual([
    "RADIAN_EVENT_OUT_OF_ORDER event 034 EV034-3: issued 2026-03-25, before 2026-03-26, the first day after the receipt's three business days",
  ]);
  expect(order(...goods, event('031', '4', receipt), event('034', '3', tacitFrom))).toEqual([
    'RADIAN_EVENT_OUT_OF_ORDER event 034 EV034-3: recorded after 031, which it excludes',
  ]);
  expect(order(...goods, event('033', '4', receipt), event('031', '5', receipt))).toEqual([
    'RADIAN_EVENT_OUT_OF_ORDER event 031 EV031-5: recorded after 033, which it excludes',
  ]);
});

it('finds a code that registers once recorded twice, and a CUDE recorded twice on one invoice or two', () => {
  expect(order(event('030', '1', receipt), event('030', '7', receipt))).toEqual([
    'RADIAN_EVENT_DUPLICATE event 030 EV030-7: a second 030 on the invoice (it registers once)',
  ]);
  expect(
    repeatedCudes([
      { stream: 'inv-demo-SETP1', cude: '1'.repeat(96) },
      { stream: 'inv-demo-SETP2', cude: '2'.repeat(96) },
      { stream: 'inv-demo-SETP3', cude: '1'.repeat(96) },
    ]),
  ).toEqual([
    {
      code: 'RADIAN_EVENT_DUPLICATE',
      subject: 'inv-demo-SETP1',
      detail: `CUDE ${'1'.repeat(16)}… recorded 2 times (inv-demo-SETP1, inv-demo-SETP3)`,
    },
  ]);
});
