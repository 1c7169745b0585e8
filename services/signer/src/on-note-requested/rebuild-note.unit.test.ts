import type { InvoiceEvent } from '@fe/contracts';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { invoiceCases, creditNoteContent, debitNoteContent } from '@fe/dian-domain/testing';
import { DeciderSpecification } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import { signingDecider } from '../on-invoice-requested/decide.ts';
import { noteRequestedEvent, smallLinesRequest } from '../../test-support/signing-world.ts';
import { rebuildNote } from './rebuild-note.ts';

const issuedAt = new Date('2026-03-12T15:00:00Z');
const invoice = invoiceCases[0]!.request;
const cufe = 'c'.repeat(96);
const credit = noteRequestedEvent(creditNoteContent({ invoice: { cufe }, concept: '2' }, invoice), '11', issuedAt);
const debit = noteRequestedEvent(
  debitNoteContent({ invoice: { cufe }, concept: '1', lines: [invoice.lines[0]!] }, invoice),
  '12',
  issuedAt,
);
const profile = { tenant: demoTenant, software: demoSoftware, resolutions: [demoResolution] };
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return 'none';
};

describe('rebuildNote', () => {
  it('rebuilds the credit and the debit note whose CUDE ingress recorded', () => {
    const c = rebuildNote(credit, profile);
    expect([c.cude, c.documentId]).toEqual([credit.data.cude, 'NC11']);
    expect(c.xml).toContain('<cbc:CreditNoteTypeCode>91</cbc:CreditNoteTypeCode>');
    const d = rebuildNote(debit, profile);
    expect([d.cude, d.documentId]).toEqual([debit.data.cude, 'ND12']);
    expect(d.xml).toContain('<cac:RequestedMonetaryTotal>');
  });

  it('refuses a recorded CUDE the document does not have: CUDE_MISMATCH, also when the PIN or the NIT changed since', () => {
    expect(code(() => rebuildNote({ ...credit, data: { ...credit.data, cude: '0'.repeat(96) } }, profile))).toBe(
      'CUDE_MISMATCH',
    );
    expect(code(() => rebuildNote(debit, { ...profile, software: { ...demoSoftware, pin: '54321' } }))).toBe(
      'CUDE_MISMATCH',
    );
    expect(code(() => rebuildNote(credit, { ...profile, tenant: { ...demoTenant, nit: '900373115' } }))).toBe(
      'CUDE_MISMATCH',
    );
  });

  it('refuses another document id, content that no longer validates, and numbering a cbc:ID cannot carry', () => {
    expect(code(() => rebuildNote({ ...credit, data: { ...credit.data, document_id: 'NC1' } }, profile))).toBe(
      'DOCUMENT_ID_MISMATCH',
    );
    const free = {
      code: 'M',
      name: 'Muestra',
      quantity: 1,
      unit_price: 0,
      unit_code: '94',
      taxes: [],
      free_of_charge: { reference_price: 5, price_type_code: '01' as const },
    };
    expect(code(() => rebuildNote({ ...debit, data: { ...debit.data, lines: [free] } }, profile))).toBe(
      'REQUEST_INVALID',
    );
    expect(code(() => rebuildNote({ ...credit, data: { ...credit.data, prefix: 'NC-X' } }, profile))).toBe(
      'REBUILD_FAILED',
    );
  });
});

describe('rebuildNote, by the build rules the note records', () => {
  // 20 lines of 0.03 at 19 %: rules 1 and 2 give other totals, so other CUDEs.
  const small = noteRequestedEvent(
    debitNoteContent({ invoice: { cufe }, concept: '1', lines: smallLinesRequest.lines }, smallLinesRequest),
    '13',
    issuedAt,
  );

  it('builds a note without build_rules with version 2 (notes were born with it), and one naming 2 alike', () => {
    expect(small.data).not.toHaveProperty('build_rules');
    expect(rebuildNote(small, profile).cude).toBe(small.data.cude);
    expect(rebuildNote({ ...small, data: { ...small.data, build_rules: 2 } }, profile).cude).toBe(small.data.cude);
  });

  it('builds a note recording version 1 (a cancellation of an invoice built with it) with version 1', () => {
    const v1 = noteRequestedEvent(
      debitNoteContent({ invoice: { cufe }, concept: '1', lines: smallLinesRequest.lines }, smallLinesRequest),
      '13',
      issuedAt,
      1,
    );
    expect([v1.data.payable_amount, small.data.payable_amount]).toEqual(['0.80', '0.71']);
    expect(rebuildNote(v1, profile).cude).toBe(v1.data.cude);
    expect(code(() => rebuildNote({ ...v1, data: { ...v1.data, build_rules: 2 } }, profile))).toBe('CUDE_MISMATCH');
  });

  it('refuses a version this release does not know: BUILD_RULES_UNKNOWN', () => {
    expect(code(() => rebuildNote({ ...credit, data: { ...credit.data, build_rules: 3 } }, profile))).toBe(
      'BUILD_RULES_UNKNOWN',
    );
  });
});

describe("decideSigning, on a note's first event", () => {
  it('signs the recorded note, does nothing once signed, and refuses a delivered copy with another CUDE', () => {
    const spec = DeciderSpecification.for(signingDecider);
    const recorded = [credit as InvoiceEvent];
    spec.given(recorded).when(credit).then({ action: 'sign', requested: credit });
    const signed = { ...credit, id: crypto.randomUUID(), type: 'InvoiceSigned', data: {} } as unknown as InvoiceEvent;
    spec
      .given([...recorded, signed])
      .when(credit)
      .then({ action: 'none', reason: 'already_signed' });
    spec
      .given(recorded)
      .when({ ...credit, data: { ...credit.data, cude: '0'.repeat(96) } })
      .thenThrows((e) => e.code === 'EVENT_NOT_RECORDED');
    spec
      .given(recorded)
      .when(debit)
      .thenThrows((e) => e.code === 'EVENT_NOT_RECORDED');
  });
});
