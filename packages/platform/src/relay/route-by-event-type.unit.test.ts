import { topics } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ports/event-store.ts';
import { routeByEventType } from './route-by-event-type.ts';

const recorded = (type: string, invoiceId?: string): RecordedEvent => ({
  stream: 's',
  version: 0n,
  position: 1n,
  recordedAt: '2026-01-01T00:00:00Z',
  envelope: {
    id: 'e',
    type,
    version: 1,
    occurred_at: '2026-01-01T00:00:00Z',
    tenant_id: 'acme',
    invoice_id: invoiceId,
    correlation_id: 'c',
    causation_id: 'c',
    data: {},
  },
});

describe('routeByEventType', () => {
  it('sends tenant audit events to the tenant topic keyed by tenant, the rest to the invoice topic keyed by invoice', () => {
    expect(routeByEventType(recorded('TenantChanged'))).toEqual({ topic: topics.tenantEvents.name, key: 'acme' });
    expect(routeByEventType(recorded('InvoiceSigned', 'inv-acme-FE1'))).toEqual({
      topic: topics.invoiceEvents.name,
      key: 'inv-acme-FE1',
    });
  });
});
