import { describe, expect, it } from 'vitest';
import { eventCases } from '../../test-support/event-cases.ts';
import { demoSoftware } from '../tenant/demo-tenant.ts';
import { buildEventApplicationResponse } from './build-event.ts';
import type { EventContent } from './event-content.ts';

const refused = (content: EventContent) => {
  const built = buildEventApplicationResponse({
    content,
    software: demoSoftware,
    environment: '2',
    issuedAt: new Date('2026-03-14T15:20:05Z'),
  });
  if (built.ok) throw new Error('built');
  return { code: built.error.code, paths: built.error.details.map((d) => d.path) };
};

const { person: _person, ...receiptWithoutPerson } = eventCases['032'];
const { person: _acceptor, ...acceptanceWithoutPerson } = eventCases['033'];
const { person: _receiver, ...acknowledgementWithoutPerson } = eventCases['030'];
const { note: _note, ...tacitWithoutNote } = eventCases['034'];

describe('a sender asking for an event it cannot send', () => {
  it.each<[string, EventContent, string[]]>([
    ['an unknown event code', { ...eventCases['030'], eventCode: '035' }, ['eventCode']],
    ['a claim without a reason', { ...eventCases['031'], claimReason: undefined }, ['claimReason']],
    ['a claim with a reason outside 01–04', { ...eventCases['031'], claimReason: '05' }, ['claimReason']],
    ['a reason on an event other than a claim', { ...eventCases['030'], claimReason: '01' }, ['claimReason']],
    ['a receipt (032) without the person', receiptWithoutPerson, ['person']],
    ['an express acceptance (033) without the person', acceptanceWithoutPerson, ['person']],
    ['an acknowledgement (030) without the person', acknowledgementWithoutPerson, ['person']],
    ['a tacit acceptance (034) without the statement', tacitWithoutNote, ['note']],
    ['a tacit acceptance (034) with another note', { ...eventCases['034'], note: 'Aceptada.' }, ['note']],
    [
      'a tacit acceptance (034) not addressed to DIAN',
      { ...eventCases['034'], receiver: eventCases['030'].sender },
      ['receiver.id'],
    ],
    [
      'a registration (036) without its operation type',
      { ...eventCases['036'], operationType: undefined },
      ['operationType'],
    ],
    [
      'an endorsement (037) with a registration operation',
      { ...eventCases['037'], operationType: '361' },
      ['operationType'],
    ],
    ['a registration (036) without its values', { ...eventCases['036'], titleValue: undefined }, ['titleValue']],
    [
      'a registration (036) paid beyond its value',
      { ...eventCases['036'], titleValue: { ...eventCases['036'].titleValue!, paidAmount: '595000.01' } },
      ['titleValue.paidAmount'],
    ],
    [
      'a registration (036) without its due date',
      { ...eventCases['036'], titleValue: { invoiceAmount: '1.00', paidAmount: '0.00' } } as EventContent,
      ['titleValue.dueDate'],
    ],
    ['an endorsement (037) without its negotiation', { ...eventCases['037'], endorsement: undefined }, ['endorsement']],
    [
      'an endorsement (037) discounting more than 100 %',
      { ...eventCases['037'], endorsement: { ...eventCases['037'].endorsement!, discountRate: '100.5' } },
      ['endorsement.discountRate'],
    ],
    [
      'an endorsement (037) of nothing',
      { ...eventCases['037'], endorsement: { ...eventCases['037'].endorsement!, amount: '0.00' } },
      ['endorsement.amount'],
    ],
    [
      'an endorsement (037) of a kind other than complete or blank',
      {
        ...eventCases['037'],
        endorsement: { ...eventCases['037'].endorsement!, kind: '3' },
      } as unknown as EventContent,
      ['endorsement.kind'],
    ],
    [
      'an endorsement (037) paid by an unknown means',
      { ...eventCases['037'], endorsement: { ...eventCases['037'].endorsement!, paymentMeans: 'ZZ9' } },
      ['endorsement.paymentMeans'],
    ],
    [
      "an endorsement's values on a registration",
      { ...eventCases['036'], endorsement: eventCases['037'].endorsement },
      ['endorsement'],
    ],
    [
      "a registration's values on a tacit acceptance",
      { ...eventCases['034'], titleValue: eventCases['036'].titleValue },
      ['titleValue'],
    ],
    ['an operation type on a reception event', { ...eventCases['030'], operationType: '361' }, ['operationType']],
    [
      'a NIT without its DV',
      { ...eventCases['030'], sender: { ...eventCases['030'].sender, dv: undefined } },
      ['sender.dv'],
    ],
    ['a DV on a cédula', { ...eventCases['030'], person: { ...eventCases['030'].person!, dv: 3 } }, ['person.dv']],
    ['an unknown field', { ...eventCases['030'], reason: 'x' } as EventContent, ['reason']],
    [
      'a name XML cannot carry',
      { ...eventCases['030'], sender: { ...eventCases['030'].sender, name: 'A\u0001B' } },
      ['sender.name'],
    ],
    ['a CUFE that is not one', { ...eventCases['030'], invoice: { id: 'SETP1', cufe: 'ABC' } }, ['invoice.cufe']],
  ])('%s: VALIDATION_ERROR naming the field', (_, content, paths) => {
    expect(refused(content)).toEqual({ code: 'VALIDATION_ERROR', paths });
  });

  it('a NIT whose DV does not check: NIT_INVALID', () => {
    const content = { ...eventCases['030'], receiver: { ...eventCases['030'].receiver, dv: 1 } };
    expect(refused(content)).toEqual({ code: 'NIT_INVALID', paths: ['receiver.id'] });
  });
});
