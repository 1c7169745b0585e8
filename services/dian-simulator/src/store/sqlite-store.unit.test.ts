import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from './sqlite-store.ts';
import {
  createStore,
  type InvoiceFacts,
  type RegisteredEvent,
  type SimulatedDianResponse,
  type SimulatorStore,
  type StoredAnswer,
} from './store.ts';

const response = (accepted: boolean, key?: string): SimulatedDianResponse => ({
  isValid: accepted,
  statusCode: accepted ? '00' : '99',
  statusDescription: accepted ? 'Procesado Correctamente.' : 'Validación contiene errores en campos mandatorios.',
  statusMessage: undefined,
  errorMessages: accepted ? [] : ['Regla: FAD06, Rechazo: …'],
  xmlBase64Bytes: accepted ? 'PEFwcGxpY2F0aW9uUmVzcG9uc2UvPg==' : undefined,
  xmlDocumentKey: key,
  xmlFileName: undefined,
});
const answer = (accepted: boolean): StoredAnswer => ({
  response: response(accepted),
  accepted,
  signedXml: accepted ? '<Invoice/>' : undefined,
  validatedAt: new Date('2026-11-25T10:00:00.000Z'),
});
const file = () => join(mkdtempSync(join(tmpdir(), 'fe-sim-store-')), 'dian-simulator.sqlite');
const party = (nit: string, name: string) => ({ nit, dv: '3', documentType: '31', personType: '1', name });
const invoiceFacts: InvoiceFacts = {
  number: 'SETP990000001',
  issueDate: '2026-03-14',
  environment: '2',
  supplier: party('900123456', 'Vendedor'),
  customer: { ...party('1020304050', 'Comprador'), dv: undefined, documentType: '13', personType: undefined },
};
const event = (code: string, id: string, cude: string): RegisteredEvent => ({
  code,
  id,
  cude,
  description: code === '031' ? undefined : `Evento ${code}`,
  claimReason: code === '031' ? { code: '02', name: undefined } : undefined,
  issueDate: '2026-03-14',
  issueTime: '10:20:05-05:00',
  sender: invoiceFacts.customer,
  receiver: invoiceFacts.supplier,
  registeredAt: new Date('2026-03-14T15:20:06.000Z'),
});
const eventAnswer = (): StoredAnswer => ({
  ...answer(true),
  signedXml: '<ApplicationResponse/>',
  document: { kind: 'event', issuerNit: '1020304050' },
});

// The behaviour both adapters share, run against each (the SQLite one must answer as the memory one).
describe.each([
  ['memory', () => createStore()],
  ['sqlite', () => createSqliteStore(':memory:')],
] as [string, () => SimulatorStore][])('SimulatorStore: %s', (_name, open) => {
  it('remembers answers: a rejection is replaced, an acceptance never is, receptions are counted', () => {
    const store = open();
    store.record('cufe-1', answer(false));
    expect(store.isAccepted('cufe-1')).toBe(false);
    store.record('cufe-1', answer(true));
    store.record('cufe-1', answer(false)); // rule 90 answers this one; the acceptance stays
    expect(store.isAccepted('cufe-1')).toBe(true);
    expect(store.timesReceived('cufe-1')).toBe(3);
    expect(store.byDocumentKey('cufe-1')).toEqual(answer(true));
    expect(store.timesReceived('unknown')).toBe(0);
    expect(store.byDocumentKey('unknown')).toBeUndefined();
    expect(store.size).toBe(1);
    expect(store.answerBytes).toBeGreaterThan(0);
  });

  it('remembers what each accepted document was and whose (a note may only reference an invoice of its issuer), nothing for a rejected one', () => {
    const store = open();
    const invoice: StoredAnswer = { ...answer(true), document: { kind: 'invoice', issuerNit: '900123456' } };
    store.record('cufe-1', invoice);
    store.record('cude-2', { ...answer(true), document: { kind: 'credit-note', issuerNit: '900123456' } });
    store.record('cufe-3', { ...answer(false), document: { kind: 'invoice', issuerNit: '900123456' } });
    expect(store.acceptedDocument('cufe-1')).toEqual({ kind: 'invoice', issuerNit: '900123456' });
    expect(store.acceptedDocument('cude-2')).toEqual({ kind: 'credit-note', issuerNit: '900123456' });
    expect(store.acceptedDocument('cufe-3')).toBeUndefined();
    expect(store.acceptedDocument('unknown')).toBeUndefined();
    expect(store.byDocumentKey('cufe-1')).toEqual(invoice);
  });

  it("remembers an accepted invoice's parties, which the event rules read", () => {
    const store = open();
    store.record('cufe-1', {
      ...answer(true),
      document: { kind: 'invoice', issuerNit: '900123456', invoice: invoiceFacts },
    });
    expect(store.acceptedDocument('cufe-1')).toEqual({
      kind: 'invoice',
      issuerNit: '900123456',
      invoice: invoiceFacts,
    });
    expect(store.byDocumentKey('cufe-1')?.document?.invoice).toEqual(invoiceFacts);
  });

  it("keeps each invoice's events in the order registered, under their CUDE too, and the IDs each sender used", () => {
    const store = open();
    const [acknowledgement, claim] = [event('030', 'ACR1', 'cude-1'), event('031', 'RCL1', 'cude-2')];
    store.recordEvent('cufe-1', acknowledgement, eventAnswer());
    store.recordEvent('cufe-1', claim, eventAnswer());
    store.recordEvent('cufe-2', event('030', 'ACR2', 'cude-3'), eventAnswer());
    expect(store.eventsOf('cufe-1')).toEqual([acknowledgement, claim]);
    expect(store.eventsOf('unknown')).toEqual([]);
    expect(store.isAccepted('cude-2')).toBe(true);
    expect(store.acceptedDocument('cude-2')).toEqual({ kind: 'event', issuerNit: '1020304050' });
    expect(store.byDocumentKey('cude-2')).toEqual(eventAnswer());
    expect(store.timesReceived('cude-2')).toBe(1);
    expect(store.eventIdUsed('1020304050', '030', 'ACR2')).toBe(true);
    expect(store.eventIdUsed('1020304050', '032', 'ACR2')).toBe(false);
    expect(store.eventIdUsed('900123456', '030', 'ACR2')).toBe(false);
  });

  it("keeps an async zip's answers by ZipKey, without counting them as receptions or replacing a known document", () => {
    const store = open();
    store.record('cufe-a', answer(true));
    store.recordZip('zip-1', [response(true, 'cufe-a'), response(false, 'cufe-b'), response(false)]);
    const answers = store.byZipKey('zip-1')!;
    expect(answers[0]).toEqual(answer(true)); // cufe-a's earlier answer, not replaced
    expect(answers.slice(1).map((a) => [a.response.xmlDocumentKey, a.response.statusCode])).toEqual([
      ['cufe-b', '99'],
      [undefined, '99'],
    ]);
    expect(store.byDocumentKey('zip-1#2')?.response.statusCode).toBe('99');
    expect(store.timesReceived('cufe-b')).toBe(0);
    expect(store.byZipKey('zip-2')).toBeUndefined();
  });
});

it('opens a file written before notes and events: its accepted documents are invoices of an unrecorded issuer without parties, new ones record theirs', () => {
  const path = file();
  const old = new DatabaseSync(path);
  old.exec(`CREATE TABLE documents (key TEXT PRIMARY KEY, seq INTEGER NOT NULL, received INTEGER NOT NULL, accepted INTEGER NOT NULL,
      response TEXT, application_response TEXT, signed_xml TEXT, validated_at TEXT);
    INSERT INTO documents VALUES ('cufe-old', 1, 1, 1, '{}', NULL, '<Invoice/>', '2026-01-01T00:00:00.000Z');`);
  old.close();
  const store = createSqliteStore(path);
  expect(store.acceptedDocument('cufe-old')).toEqual({ kind: 'invoice', issuerNit: undefined });
  expect(store.eventsOf('cufe-old')).toEqual([]);
  store.record('cude-new', { ...answer(true), document: { kind: 'debit-note', issuerNit: '900123456' } });
  expect(store.acceptedDocument('cude-new')).toEqual({ kind: 'debit-note', issuerNit: '900123456' });
  store.close();
});

it('still knows after a reopen what it accepted, how often each document came and the events registered', () => {
  const path = file();
  const first = createSqliteStore(path);
  first.record('cufe-1', answer(true));
  first.recordZip('zip-1', [response(false, 'cufe-2')]);
  first.recordEvent('cufe-1', event('030', 'ACR1', 'cude-1'), eventAnswer());
  first.close();
  const again = createSqliteStore(path);
  expect(again.eventsOf('cufe-1')).toEqual([event('030', 'ACR1', 'cude-1')]);
  expect(again.eventIdUsed('1020304050', '030', 'ACR1')).toBe(true);
  expect(again.isAccepted('cufe-1')).toBe(true);
  expect(again.timesReceived('cufe-1')).toBe(1);
  expect(again.byDocumentKey('cufe-1')).toEqual(answer(true));
  expect(again.byZipKey('zip-1')?.map((a) => a.response.xmlDocumentKey)).toEqual(['cufe-2']);
  again.record('cufe-3', answer(true)); // positions go on after the reopened ones
  expect(again.size).toBe(4);
  again.close();
});

it('is bounded by document count, the least recently received forgotten first', () => {
  const store = createSqliteStore(':memory:', { maxDocuments: 10 });
  store.record('kept', answer(true));
  for (let i = 0; i < 998; i++) store.record(`cufe-${i}`, answer(false));
  store.record('kept', answer(false)); // received again: now among the most recent
  expect(store.size).toBeLessThanOrEqual(10); // the 1 000th write trimmed
  expect(store.isAccepted('kept')).toBe(true);
  expect(store.timesReceived('kept')).toBe(2);
  expect(store.timesReceived('cufe-0')).toBe(0);
  expect(store.timesReceived('cufe-997')).toBe(1);
});

it('creates its file, -wal and -shm 0600, whatever the umask (it keeps the signed invoices, buyers named)', () => {
  const path = file();
  const previous = process.umask(0o022);
  try {
    const store = createSqliteStore(path);
    store.record('cufe-1', answer(true));
    expect(['', '-wal', '-shm'].map((suffix) => statSync(path + suffix).mode & 0o777)).toEqual([0o600, 0o600, 0o600]);
    store.close();
  } finally {
    process.umask(previous);
  }
});
