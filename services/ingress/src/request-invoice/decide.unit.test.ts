import { invoiceRequestedV3Data } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceRequest, profile } from '../../test-support/note-world.ts';
import { decideRequest, requestedData } from './decide.ts';

describe('the InvoiceRequested data ingress records', () => {
  it("names the build rules its CUFE was made with: today's version, 2", () => {
    const accepted = decideRequest(invoiceRequest, profile, new Date('2026-03-10T15:00:00Z'));
    if (!accepted.ok) throw new Error(accepted.error.code);
    const data = requestedData(accepted.value, profile, '990000001', undefined);
    expect(data).toMatchObject({ build_rules: 2, payable_amount: '1190.00' });
    expect(invoiceRequestedV3Data.parse(data)).toEqual(data);
  });
});
