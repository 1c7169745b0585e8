import type { Envelope, InvoiceEvent } from '@fe/contracts';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { invoiceCases } from '@fe/dian-domain/testing';
import { metaCausedBy, newInvoiceEvent, parseRecorded } from '@fe/platform';
import { DeciderSpecification } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import { invoiceSignedData, serialHex, signingDecider } from './decide.ts';
import { rebuildInvoice } from './rebuild-invoice.ts';
import type { SignerError } from '../errors.ts';
import { OLD_RULES_CUFE, requestedEvent, smallLinesRequest, testClock } from '../../test-support/signing-world.ts';

const issuedAt = new Date('2026-03-10T15:15:00Z');
const requested = requestedEvent(invoiceCases[0]!.request, '990000101', issuedAt);
const profile = { tenant: demoTenant, software: demoSoftware, resolutions: [demoResolution] };
const signed = newInvoiceEvent(
  'InvoiceSigned',
  {
    xml_key: 'demo/SETP990000101.xml',
    xml_sha256: 'a'.repeat(64),
    signed_at: '2026-03-10T10:15:00.000-05:00',
    certificate_serial: '0badc0ffee',
  },
  metaCausedBy(requested),
  testClock,
);
const asRecorded = (e: InvoiceEvent) =>
  parseRecorded({ stream: 's', version: 0n, position: 1n, envelope: e as Envelope, recordedAt: '' });

describe('decideSigning', () => {
  const spec = DeciderSpecification.for(signingDecider);
  const notRecorded = (e: { code?: string }) => e.code === 'EVENT_NOT_RECORDED';

  it('signs the recorded request when the stream holds no InvoiceSigned', () => {
    spec
      .given([asRecorded(requested)])
      .when(requested)
      .then({ action: 'sign', requested: asRecorded(requested) as typeof requested });
  });

  it('does nothing once InvoiceSigned is recorded (a redelivery)', () => {
    spec.given([requested, signed]).when(requested).then({ action: 'none', reason: 'already_signed' });
  });

  it('refuses a delivered event the stream does not hold, or holds with another CUFE', () => {
    spec.given([]).when(requested).thenThrows(notRecorded);
    spec
      .given([requested])
      .when({ ...requested, id: crypto.randomUUID() })
      .thenThrows(notRecorded);
    spec
      .given([requested])
      .when({ ...requested, data: { ...requested.data, cufe: 'f'.repeat(96) } })
      .thenThrows(notRecorded);
  });
});

describe('invoiceSignedData', () => {
  it('records the serial in hex, whole bytes, and SigningTime as signed_at', () => {
    const data = invoiceSignedData({
      xmlKey: 'demo/X1.xml',
      xmlSha256: 'b'.repeat(64),
      signingTime: '2026-03-10T10:15:00.000-05:00',
      serialNumber: String(0x0badc0ffee),
    });
    expect(data).toEqual({
      xml_key: 'demo/X1.xml',
      xml_sha256: 'b'.repeat(64),
      signed_at: '2026-03-10T10:15:00.000-05:00',
      certificate_serial: '0badc0ffee',
    });
    expect(serialHex('255')).toBe('ff');
    expect(serialHex('256')).toBe('0100');
  });
});

describe('rebuildInvoice', () => {
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return (e as { code?: string }).code;
    }
    return 'none';
  };

  it('rebuilds the document whose CUFE ingress recorded', () => {
    const built = rebuildInvoice(requested.data, profile);
    expect(built.cufe).toBe(requested.data.cufe);
    expect(built.documentId).toBe('SETP990000101');
  });

  it('validates with the Colombian date: a due date equal to it passes though UTC is already the next day', () => {
    const lateEvening = new Date('2026-03-11T03:30:00Z'); // 22:30 on 10 March in Colombia
    const request = { ...invoiceCases[0]!.request, payment: { method_code: '31', due_date: '2026-03-10' } };
    const event = requestedEvent(request, '990000102', lateEvening);
    expect(rebuildInvoice(event.data, profile).issueDate).toBe('2026-03-10');
  });

  it('refuses a CUFE, a document id or a resolution that does not match', () => {
    expect(code(() => rebuildInvoice({ ...requested.data, cufe: '0'.repeat(96) }, profile))).toBe('CUFE_MISMATCH');
    expect(code(() => rebuildInvoice({ ...requested.data, document_id: 'SETP1' }, profile))).toBe(
      'DOCUMENT_ID_MISMATCH',
    );
    expect(code(() => rebuildInvoice({ ...requested.data, resolution_id: 'gone' }, profile))).toBe(
      'RESOLUTION_UNKNOWN',
    );
    expect(
      code(() => rebuildInvoice(requested.data, { ...profile, tenant: { ...demoTenant, nit: '900373115' } })),
    ).toBe('CUFE_MISMATCH');
  });

  it('refuses a recorded request that no longer validates, and a number outside the resolution', () => {
    const badNit = {
      ...requested.data.request,
      customer: { ...requested.data.request.customer, document_number: '900108281', check_digit: '0' },
    };
    expect(code(() => rebuildInvoice({ ...requested.data, request: badNit }, profile))).toBe('REQUEST_INVALID');
    expect(code(() => rebuildInvoice({ ...requested.data, number: '1' }, profile))).toBe('REBUILD_FAILED');
  });

  it('rebuilds by the recorded build rules; without the field, by whichever of 1 and 2 gives the recorded CUFE', () => {
    // 20 lines of 0.03 at 19 %: version 1 taxes 0.20, version 2 0.11, so the two CUFEs differ.
    const before14 = requestedEvent(smallLinesRequest, '990000290', issuedAt, { rules: 1, recorded: false });
    const between = requestedEvent(smallLinesRequest, '990000290', issuedAt, { rules: 2, recorded: false });
    expect(before14.data.cufe).toBe(OLD_RULES_CUFE);
    expect(between.data.cufe).not.toBe(OLD_RULES_CUFE);
    expect(rebuildInvoice(before14.data, profile).cufe).toBe(OLD_RULES_CUFE);
    expect(rebuildInvoice(between.data, profile).cufe).toBe(between.data.cufe);
    // Named, only that version counts; a version nobody wrote yet is refused before any build.
    expect(code(() => rebuildInvoice({ ...before14.data, build_rules: 2 }, profile))).toBe('CUFE_MISMATCH');
    expect(code(() => rebuildInvoice({ ...between.data, build_rules: 1 }, profile))).toBe('CUFE_MISMATCH');
    expect(code(() => rebuildInvoice({ ...between.data, build_rules: 3 }, profile))).toBe('BUILD_RULES_UNKNOWN');
    expect(code(() => rebuildInvoice({ ...between.data, cufe: '0'.repeat(96) }, profile))).toBe('CUFE_MISMATCH');
  });

  it('says why the builder refused: a recorded text XML cannot carry is not "outside the resolution"', () => {
    // A request recorded before ingress refused such text: the schema would refuse it now.
    const unwritable = {
      ...requested.data.request,
      customer: { ...requested.data.request.customer, name: 'Cliente \ud800' },
    };
    const error = (() => {
      try {
        rebuildInvoice({ ...requested.data, request: unwritable }, profile);
      } catch (thrown) {
        return thrown as SignerError;
      }
    })();
    expect(error?.code).toBe('REBUILD_FAILED');
    expect(error?.message).toMatch(/XML 1\.0 cannot carry/);
    expect(error?.message).not.toMatch(/resolution/);
  });
});
