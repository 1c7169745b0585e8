import { invoiceRequestedV3Data } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceRequest, profile } from '../../test-support/note-world.ts';
import { contingencyFields } from './contingency.ts';
import { decideRequest, requestedData } from './decide.ts';

const issuedAt = new Date('2026-03-10T15:00:00Z');

describe('the contingency of an invoice issued now (docs/contingency.md)', () => {
  it('is none with the setting off or absent, even with DIAN down', () => {
    expect(contingencyFields({}, profile, true, issuedAt, 48)).toEqual({});
    expect(contingencyFields({}, { ...profile, contingency: 'off' }, true, issuedAt, 48)).toEqual({});
  });

  it('is type 04 under `automatic` only while DIAN is down, with the deadline the window after the issue', () => {
    const automatic = { ...profile, contingency: 'automatic' as const };
    expect(contingencyFields({}, automatic, false, issuedAt, 48)).toEqual({});
    expect(contingencyFields({}, automatic, true, issuedAt, 48)).toEqual({
      invoice_type_code: '04',
      contingency_transmit_by: '2026-03-12T15:00:00.000Z',
    });
  });

  it('is type 03, with no deadline, for a sale documented on paper, whatever the setting and DIAN', () => {
    const paper = { paper_document: { number: 'T-0042', issue_date: '2026-03-09' } };
    expect(contingencyFields(paper, { ...profile, contingency: 'on' }, true, issuedAt, 48)).toEqual({
      invoice_type_code: '03',
    });
  });

  it('is none for an export (type 02 by its request), even under `on` with DIAN down: an export waits for DIAN', () => {
    const sale = { export: { incoterm: 'FOB' } };
    expect(contingencyFields(sale, { ...profile, contingency: 'on' }, true, issuedAt, 48)).toEqual({});
  });

  it('is type 04 under `on` whatever DIAN does, and the recorded event carries it', () => {
    const fields = contingencyFields({}, { ...profile, contingency: 'on' }, false, issuedAt, 1.5);
    expect(fields).toEqual({ invoice_type_code: '04', contingency_transmit_by: '2026-03-10T16:30:00.000Z' });
    const accepted = decideRequest(invoiceRequest, profile, issuedAt);
    if (!accepted.ok) throw new Error(accepted.error.code);
    const data = requestedData(accepted.value, profile, '990000001', undefined, fields);
    expect(invoiceRequestedV3Data.parse(data)).toMatchObject(fields);
    // The CUFE does not depend on the type: the same request issued as 01 has the same one.
    expect(data.cufe).toBe(requestedData(accepted.value, profile, '990000001', undefined).cufe);
  });
});
