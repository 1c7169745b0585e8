import type { InvoiceRequestedV3 } from '@fe/contracts';
import { invoiceRequested } from '@fe/dian-client/testing';
import { newInvoiceEvent, SqliteEventStore } from '@fe/platform';
import {
  CUFE as RECEIVED_CUFE,
  imported as receivedImported,
  refused as receivedRefused,
  requested as receivedRequested,
} from '@fe/received-invoices/testing';
import { describe, expect, it } from 'vitest';
import type { AuditSources } from '../audit/embedded-data.ts';
import { historyCommand } from './history.ts';

const clock = { now: () => new Date('2026-12-11T15:00:00Z') };

describe('pnpm fe history', () => {
  it("names each RADIAN event: its code and name, number, date, sender and person (the seller's own 034 as this service's), and the seller's requests with their answers", async () => {
    const requested = invoiceRequested() as InvoiceRequestedV3;
    const invoiceId = requested.invoice_id!;
    const meta = { tenantId: 'demo', invoiceId, correlationId: 'c', causationId: 'c' };
    const registered = (data: Record<string, unknown>) =>
      newInvoiceEvent(
        'InvoiceRadianEventRegistered',
        {
          name: 'Evento',
          issue_time: '12:00:00-05:00',
          sender: { nit: '900108281' },
          issued_by_us: false,
          ...data,
        } as never,
        meta,
        clock,
      );
    const store = new SqliteEventStore(':memory:');
    await store.append(
      invoiceId,
      [
        requested,
        registered({
          code: '031',
          event_id: 'RCL1',
          cude: '1'.repeat(96),
          issue_date: '2026-12-04',
          claim: { reason: '02' },
        }),
        registered({
          code: '034',
          name: 'Aceptación Tácita',
          event_id: 'TACSETP990000001',
          cude: '2'.repeat(96),
          issue_date: '2026-12-11',
          issued_by_us: true,
          sender: { nit: '900123456' },
        }),
        registered({
          code: '032',
          event_id: 'RB1',
          cude: '3'.repeat(96),
          issue_date: '2026-12-04',
          person: { id: '52123456', first_name: 'Ana', family_name: 'Pérez' },
        }),
        newInvoiceEvent(
          'InvoiceRadianEventRequested',
          {
            request_id: '7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01',
            code: '036',
            requested_by: 'portal:contabilidad@demo.example',
            requested_at: '2026-12-11T15:00:00.000Z',
          },
          meta,
          clock,
        ),
        newInvoiceEvent(
          'InvoiceRadianEventAnswered',
          {
            request_id: '7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01',
            code: '036',
            outcome: 'refused',
            refusal: { code: 'NOT_BUYER_ACCEPTED' },
            answered_at: '2026-12-11T15:00:01.000Z',
          },
          meta,
          clock,
        ),
      ],
      'no_stream',
    );
    const sources = { store, blobs: { get: async () => ({ bytes: new Uint8Array() }) }, close: async () => {} };
    const out = await historyCommand([requested.data.document_id], {
      dataFolder: () => '/srv/fe/data',
      open: async () => sources as unknown as AuditSources,
    });
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toContain('RADIAN 031 Evento, RCL1 of 2026-12-04, sent by 900108281, reason 02');
    expect(out.stdout).toContain('RADIAN 032 Evento, RB1 of 2026-12-04, sent by 900108281, by Ana Pérez');
    expect(out.stdout).toContain(
      'RADIAN 036 requested by portal:contabilidad@demo.example (request 7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01)',
    );
    expect(out.stdout).toContain(
      'RADIAN 036 request 7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01 answered refused: NOT_BUYER_ACCEPTED',
    );
    expect(out.stdout).toContain(
      'RADIAN 034 Aceptación Tácita, TACSETP990000001 of 2026-12-11, sent by this service (the seller)',
    );
  });
});

describe('pnpm fe history --received', () => {
  it("tells a received invoice's life: the import and its failed checks, a request, DIAN's refusal with its rules", async () => {
    const store = new SqliteEventStore(':memory:');
    const request = receivedRequested('031');
    await store.append(
      `rcv-acme-${RECEIVED_CUFE}`,
      [receivedImported(false), request, receivedRefused('031')],
      'no_stream',
    );
    const sources = { store, blobs: { get: async () => ({ bytes: new Uint8Array() }) }, close: async () => {} };
    const io = { dataFolder: () => '/srv/fe/data', open: async () => sources as unknown as AuditSources };
    const out = await historyCommand([RECEIVED_CUFE, '--received'], io);
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toContain(
      `invoice SETP990000001 received by tenant acme from EMPRESA DEMO S.A.S., cufe ${RECEIVED_CUFE}`,
    );
    expect(out.stdout).toContain(
      'received by mail: invoice SETP990000001 of EMPRESA DEMO S.A.S. (NIT 900123456); checks failed: BUYER_IS_TENANT',
    );
    expect(out.stdout).toContain('buyer event 031 RCCCCCCCCCCCCCCCCCCCCCCCC requested from api, reason 02');
    expect(out.stdout).toContain('buyer event 031 RCCCCCCCCCCCCCCCCCCCCCCCC refused by DIAN (99): SIM-EV05 x');
    const issuedOnly = await historyCommand([RECEIVED_CUFE], io);
    expect(issuedOnly.exitCode).toBe(1);
    expect(issuedOnly.stderr).toContain('(--received for one a tenant received)');
  });
});
