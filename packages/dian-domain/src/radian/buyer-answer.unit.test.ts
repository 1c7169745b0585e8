import { describe, expect, it } from 'vitest';
import { buyerAnswer } from './buyer-answer.ts';
import { nextEventCheck } from './follow-schedule.ts';

describe('buyerAnswer', () => {
  it('is none without events and follows the steps in any listed order', () => {
    expect(buyerAnswer([])).toEqual({ answer: 'none', final: false });
    expect(buyerAnswer([{ code: '030', issueDate: '2025-03-18' }])).toEqual({ answer: 'received', final: false });
    expect(
      buyerAnswer([
        { code: '033', issueDate: '2025-03-21' },
        { code: '030', issueDate: '2025-03-18' },
        { code: '032', issueDate: '2025-03-20' },
      ]),
    ).toEqual({ answer: 'accepted', final: true });
  });

  it('says when tacit acceptance may be issued after goods received: three business days, San José not one', () => {
    // 032 on Thursday 2025-03-20: Friday 21, Tuesday 25 (Monday 24 is San José, moved), Wednesday 26
    expect(
      buyerAnswer([
        { code: '030', issueDate: '2025-03-18' },
        { code: '032', issueDate: '2025-03-20' },
      ]),
    ).toEqual({ answer: 'goods_received', final: false, tacitAcceptanceFrom: '2025-03-27' });
  });

  it('is final on a claim or a tacit acceptance, and título valor events do not change the answer', () => {
    expect(
      buyerAnswer([
        { code: '032', issueDate: '2025-03-20' },
        { code: '031', issueDate: '2025-03-21' },
      ]),
    ).toEqual({
      answer: 'claimed',
      final: true,
    });
    const tacit = buyerAnswer([
      { code: '032', issueDate: '2025-03-20' },
      { code: '034', issueDate: '2025-03-27' },
      { code: '036', issueDate: '2025-03-28' },
      { code: '037', issueDate: '2025-03-29' },
    ]);
    expect(tacit).toEqual({ answer: 'tacitly_accepted', final: true });
  });
});

describe('nextEventCheck', () => {
  const accepted = new Date('2025-03-01T15:00:00Z');
  const at = (hours: number) => new Date(accepted.getTime() + hours * 3_600_000);

  it('asks every quarter hour the first day, hourly the first week, every six hours the first month, daily after', () => {
    const gap = (askedHours: number) =>
      (nextEventCheck(accepted, at(askedHours), false)!.getTime() - at(askedHours).getTime()) / 60_000;
    expect([gap(0), gap(23.9), gap(24), gap(24 * 7 - 0.1), gap(24 * 7), gap(24 * 30), gap(24 * 89)]).toEqual([
      15, 15, 60, 60, 360, 1440, 1440,
    ]);
  });

  it('stops once the answer is final or the invoice is ninety days old', () => {
    expect(nextEventCheck(accepted, at(1), true)).toBeUndefined();
    expect(nextEventCheck(accepted, at(24 * 90), false)).toBeUndefined();
  });
});
