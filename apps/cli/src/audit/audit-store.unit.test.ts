import { invoiceFixture, noteFixture } from '@fe/invoice-status/testing';
import { SqliteAuditCheckpointStore, SqliteEventStore } from '@fe/platform';
import { expect, it } from 'vitest';
import { auditStore } from './audit-store.ts';
import type { AuditSources } from './embedded-data.ts';

// The audit walk on an embedded store holding notes (events only: the documents' own checks run in
// notes-tools.e2e.test.ts on a real service's files): a note's stream counts as a note and its
// number joins its series' gap check; its invoice's ledger events raise nothing.
async function audit(noteNumbers: number[]) {
  const store = new SqliteEventStore(':memory:');
  const invoice = invoiceFixture({ consecutive: 990000001 });
  await store.append(invoice.invoiceId, [invoice.requested(), invoice.submitted(), invoice.accepted()], 'no_stream');
  for (const number of noteNumbers) {
    const note = noteFixture(invoice.requested(), { kind: 'credit', number, concept: '3', amount: '10.00' });
    await store.append(invoice.invoiceId, [note.reserved(), note.issued()], 'any');
    await store.append(note.noteInvoiceId, [note.requested(), note.accepted()], 'no_stream');
  }
  const sources: AuditSources = {
    store,
    checkpoints: new SqliteAuditCheckpointStore(':memory:'),
    tenants: undefined,
    liveStatus: () => undefined,
    liveReceived: () => undefined,
    blobs: { get: () => Promise.reject(new Error('no file is named by these events')) },
    close: () => store.close(),
  };
  try {
    return await auditStore(sources, undefined, undefined);
  } finally {
    await sources.close();
  }
}

it('counts notes apart from invoices, and finds nothing in a note series without a gap', async () => {
  const report = await audit([1, 2, 3]);
  expect({ invoices: report.invoices, notes: report.notes }).toEqual({ invoices: 1, notes: 3 });
  expect(report.findings.map((f) => f.code)).toEqual(['NO_CHECKPOINT']); // nothing was signed here
});

it("finds a number missing from a tenant's credit-note series", async () => {
  const report = await audit([1, 2, 5]);
  expect(report.findings.filter((f) => f.code === 'NUMBERING_GAP')).toEqual([
    { code: 'NUMBERING_GAP', subject: 'tenant demo, prefix NC', detail: 'no document with number 3–4' },
  ]);
});
