import type { InvoiceEvent } from '@fe/contracts';
import { PlatformError, sha256Of, type RecordedEvent } from '@fe/platform';
import { CUFE, imported, mailed, registered, requested } from '@fe/received-invoices/testing';
import { describe, expect, it } from 'vitest';
import { verifyReceived } from './verify-received.ts';

const STREAM = `rcv-acme-${CUFE}`;
const recorded = (events: InvoiceEvent[]): RecordedEvent[] =>
  events.map((envelope, at) => ({
    stream: STREAM,
    envelope,
    version: BigInt(at + 1),
    position: BigInt(at + 1),
    recordedAt: envelope.occurred_at,
  })) as unknown as RecordedEvent[];

/** The stream's order only: no file is stored, so the documents' own checks are FILE_MISSING and set aside. */
async function order(events: InvoiceEvent[]) {
  const { findings } = await verifyReceived(
    STREAM,
    recorded(events),
    { get: (key) => Promise.reject(new PlatformError('BLOB_NOT_FOUND', `no blob ${key}`, false)) },
    { trustedPem: undefined, technicalKey: undefined, tenantNit: '900108281' },
    undefined,
  );
  return findings.filter((f) => f.code !== 'FILE_MISSING').map((f) => `${f.code} ${f.detail}`);
}

describe('verifyReceived: the order of a received invoice stream', () => {
  it('passes an import, then each event asked, registered and mailed in turn', async () => {
    expect(await order([imported(), requested('030'), registered('030'), mailed('030')])).toEqual([]);
  });

  it('finds an event before the import, an answer without its request, a mail before its registration', async () => {
    expect(await order([requested('030'), imported()])).toEqual([
      "RADIAN_EVENT_OUT_OF_ORDER ReceivedInvoiceEventRequested before the invoice's import",
    ]);
    expect(await order([imported(), registered('030')])).toEqual([
      "RADIAN_EVENT_OUT_OF_ORDER event 030 RCCCCCCCCCCCCCCCCCCCCCCCC: DIAN's answer recorded without its request",
    ]);
    expect(await order([imported(), mailed('030'), requested('030'), registered('030')])).toEqual([
      `RADIAN_EVENT_OUT_OF_ORDER event 030: mailed before DIAN registered ${'e'.repeat(16)}…`,
    ]);
  });

  it('finds an event asked on an invoice that failed its checks, and a 032 without its 030', async () => {
    expect(await order([imported(false), requested('030'), registered('030')])).toEqual([
      'RADIAN_EVENT_OUT_OF_ORDER event 030 requested on an invoice that failed its checks',
    ]);
    expect(await order([imported(), requested('032'), registered('032')])).toEqual([
      'RADIAN_EVENT_OUT_OF_ORDER event 032 RCCCCCCCCCCCCCCCCCCCCCCCC: no 030 issued before it',
    ]);
  });

  it("finds the stored supplier's file changed after its import", async () => {
    const event = imported();
    const { findings } = await verifyReceived(
      STREAM,
      recorded([event]),
      { get: async () => ({ bytes: Buffer.from('<Invoice/>') }) as never },
      { trustedPem: undefined, technicalKey: undefined, tenantNit: '900108281' },
      undefined,
    );
    expect(sha256Of(Buffer.from('<Invoice/>'))).not.toBe(event.data.document_sha256);
    expect(findings.map((f) => f.code)).toEqual(['FILE_DIGEST_MISMATCH', 'SIGNATURE_INVALID']);
  });
});
