import { demoSoftware } from '@fe/dian-domain';
import { buildNoteCase, noteCases } from '@fe/dian-domain/testing';
import { describe, expect, it } from 'vitest';
import { makeTestIdentity } from '../../test-support/in-memory-credential.ts';
import { loadP12 } from '../certificates/load-p12.ts';
import { createXadesSigner } from '../signing/xades-signer.ts';
import { formatReport } from './report.ts';
import { verifySignedInvoice } from './verify-signed-invoice.ts';

// `fe verify` on a signed credit or debit note: the report says which document it is and names its
// key CUDE (it said nothing of the kind, and a reader took the note for an invoice), and the CUDE is
// recomputed with the software PIN given as the key.
const issuedAt = new Date('2026-03-12T13:30:00Z');
const identity = makeTestIdentity();
const signer = createXadesSigner(loadP12(identity.p12, identity.password, issuedAt));
const [credit, debit] = [
  noteCases.find((c) => c.content.kind === 'credit')!,
  noteCases.find((c) => c.content.kind === 'debit')!,
];

describe('verifySignedInvoice on a note', () => {
  it.each([
    ['credit note', credit, 'NC7'],
    ['debit note', debit, 'ND7'],
  ] as const)('labels a signed %s and its CUDE, recomputed with the software PIN', (label, { content }, id) => {
    const built = buildNoteCase(content, '7', issuedAt);
    const { xml } = signer.sign(built.xml, { signingTime: issuedAt, uuid: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    const report = verifySignedInvoice(xml, { technicalKey: demoSoftware.pin });
    expect(report.checks[0]).toEqual({ name: 'document', ok: true, detail: `${label} ${id}, CUDE ${built.cude}` });
    expect(report.checks.find((c) => c.name === 'CUDE')).toMatchObject({ ok: true });
    expect(report.checks.some((c) => c.name === 'CUFE')).toBe(false);
    expect(report.valid).toBe(true);
    const wrongPin = verifySignedInvoice(xml, { technicalKey: `${demoSoftware.pin}x` });
    expect(wrongPin.checks.find((c) => c.name === 'CUDE')).toMatchObject({ ok: false });
    expect(formatReport(wrongPin)).not.toContain(`${demoSoftware.pin}x`); // the PIN is a secret: never in a report
  });
});
