import { expect, it } from 'vitest';
import { createStore, type StoredAnswer } from './store.ts';

const answer = (accepted: boolean, xmlBytes = 10_000): StoredAnswer => ({
  response: {
    isValid: accepted,
    statusCode: accepted ? '00' : '99',
    statusDescription: '',
    statusMessage: undefined,
    errorMessages: [],
    xmlBase64Bytes: 'A'.repeat(xmlBytes),
    xmlDocumentKey: undefined,
    xmlFileName: undefined,
  },
  accepted,
  signedXml: accepted ? 'x'.repeat(xmlBytes) : undefined,
  validatedAt: new Date(0),
});

it('keeps answers within the byte budget, oldest dropped first, and still refuses an accepted document again', () => {
  const store = createStore({ maxAnswerBytes: 100_000 });
  for (let i = 0; i < 20; i++) store.record(`cufe-${i}`, answer(true));
  expect(store.answerBytes).toBeLessThanOrEqual(100_000);
  expect(store.byDocumentKey('cufe-0')).toBeUndefined(); // its bulky answer is gone
  expect(store.byDocumentKey('cufe-19')?.accepted).toBe(true);
  expect(store.isAccepted('cufe-0')).toBe(true); // rule 90 still applies
  store.record('cufe-0', answer(false));
  expect(store.byDocumentKey('cufe-0')).toBeUndefined(); // an accepted document's answer is never replaced
  expect(store.timesReceived('cufe-0')).toBe(2);
});

it('bounds acceptances and reception counts by document count', () => {
  const store = createStore({ maxDocuments: 5 });
  for (let i = 0; i < 8; i++) store.record(`cufe-${i}`, answer(true, 10));
  store.record('cufe-7', answer(true, 10));
  expect(store.size).toBe(5);
  expect(store.isAccepted('cufe-0')).toBe(false);
  expect(store.isAccepted('cufe-7')).toBe(true);
  expect(store.timesReceived('cufe-0')).toBe(0);
  expect(store.timesReceived('cufe-7')).toBe(2);
});

it('with 0 documents remembers nothing: every call is a first submission', () => {
  const store = createStore(0);
  store.record('cufe', answer(true));
  expect(store.isAccepted('cufe')).toBe(false);
  expect(store.size).toBe(0);
});

it('bounds the invoices whose events it keeps by document count, the least recently added to first', () => {
  const store = createStore({ maxDocuments: 2 });
  const party = { nit: '900108281', dv: '3', documentType: '31', personType: '1', name: 'Cliente' };
  const event = (cude: string) => ({
    code: '030',
    id: cude,
    cude,
    description: undefined,
    claimReason: undefined,
    issueDate: '2026-03-14',
    issueTime: '10:00:00-05:00',
    sender: party,
    receiver: party,
    registeredAt: new Date(0),
  });
  for (const cufe of ['cufe-1', 'cufe-2', 'cufe-3']) store.recordEvent(cufe, event(`cude-${cufe}`), answer(true, 10));
  expect([store.eventsOf('cufe-1'), store.eventsOf('cufe-3')].map((events) => events.length)).toEqual([0, 1]);
  expect(store.eventIdUsed('900108281', '030', 'cude-cufe-1')).toBe(false);
});
