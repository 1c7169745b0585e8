// A tenant, an accepted invoice in an event store, and requestNote's ports around them: the world
// the notes' book rules are decided in (request-note/*.test.ts). Waiting for DIAN is not what these
// tests are about: the outcomes port answers at once, so every note answers 202 pending.
import type { InvoiceRequestInput } from '@fe/contracts';
import {
  checkInvoiceRequest,
  colombiaDateTime,
  demoResolution,
  demoSoftware,
  demoTenant,
  type BuildRules,
} from '@fe/dian-domain';
import { evolve } from '@fe/invoice-status';
import { createLogger, invoiceStreamName, newInvoiceEvent, SqliteEventStore, type EventStore } from '@fe/platform';
import { afterEach } from 'vitest';
import type { TenantDirectory, TenantProfile } from '@fe/tenancy';
import { ingressConfigSchema } from '../src/config.ts';
import { SqliteIdempotencyStore } from '../src/idempotency/sqlite-idempotency-store.ts';
import { highestUsedInStore } from '../src/numbering/highest-used-in-store.ts';
import { NumberAllocator } from '../src/numbering/number-allocator.ts';
import { decideRequest, requestedData } from '../src/request-invoice/decide.ts';
import type { RequestNotePorts } from '../src/request-note/handler.ts';

export const logger = createLogger({ level: 'silent' });

export const profile: TenantProfile = {
  tenant: demoTenant,
  environment: '2',
  software: demoSoftware,
  resolutions: [demoResolution],
  activeResolutionId: demoResolution.id,
  hasCertificate: true,
};

/** The readiness check only asks whether a credential loads; signing is not part of numbering a note. */
export const tenants: TenantDirectory = {
  authenticate: async () => ({ tenantId: 'demo' }),
  profile: async (tenantId) => (tenantId === 'demo' ? profile : undefined),
  credential: async () => ({}) as Awaited<ReturnType<TenantDirectory['credential']>>,
};

/** 1 000.00 + IVA 19 % = 1 190.00 payable. */
export const invoiceRequest: InvoiceRequestInput = {
  customer: {
    document_type: '31',
    document_number: '900108281',
    name: 'Comprador S.A.S.',
    tax_level_codes: ['R-99-PN'],
    email: 'compras@example.com',
  },
  lines: [
    {
      code: 'P-1',
      name: 'Servicio',
      quantity: 10,
      unit_price: 100,
      unit_code: '94',
      taxes: [{ code: '01', name: 'IVA', rate: 19 }],
    },
  ],
  payment: { method_code: '10' },
};

/** A line of `amount` before IVA 19 % (so the note's payable is amount × 1.19). */
export const noteLine = (amount: number) => ({
  code: 'P-1',
  name: 'Servicio',
  quantity: 1,
  unit_price: amount,
  unit_code: '94',
  taxes: [{ code: '01' as const, name: 'IVA', rate: 19 }],
});

const clock = { now: () => new Date('2026-03-10T15:00:00Z') };

/**
 * Appends a numbered invoice, accepted unless told otherwise. `recordedBefore` leaves out the build_rules field
 * and builds with rules 1 or 2, as releases without the field did.
 */
export async function anInvoice(
  store: EventStore,
  number: string,
  verdict: 'accepted' | 'rejected' | 'pending' = 'accepted',
  options: { request?: InvoiceRequestInput; recordedBefore?: BuildRules } = {},
) {
  const decided = decideRequest(options.request ?? invoiceRequest, profile, clock.now());
  if (!decided.ok) throw new Error(decided.error.code);
  let data = requestedData(decided.value, profile, number, undefined);
  if (options.recordedBefore !== undefined) {
    const issueDate = colombiaDateTime(decided.value.issuedAt).date;
    const old = checkInvoiceRequest(decided.value.request, { issueDate, buildRules: options.recordedBefore });
    if (!old.ok) throw new Error(old.error.code);
    const { build_rules: _, ...withoutField } = requestedData(
      { ...decided.value, invoice: old.value },
      profile,
      number,
      undefined,
    );
    data = withoutField;
  }
  const invoiceId = invoiceStreamName('demo', data.document_id);
  const meta = { tenantId: 'demo', invoiceId, correlationId: 'req-invoice', causationId: 'req-invoice' };
  const events = [newInvoiceEvent('InvoiceRequested', data, meta, clock)];
  const dian = { track_id: data.cufe, status_code: '00', status_description: 'ok', status_message: 'ok' };
  if (verdict === 'accepted')
    events.push(
      newInvoiceEvent(
        'InvoiceAccepted',
        { ...dian, notifications: [], validated_at: '2026-03-10T10:00:05-05:00' },
        meta,
        clock,
      ) as never,
    );
  if (verdict === 'rejected')
    events.push(
      newInvoiceEvent(
        'InvoiceRejected',
        {
          ...dian,
          status_code: '99',
          errors: [{ rule: 'FAD06', message: 'x' }],
          rejected_at: '2026-03-10T10:00:05-05:00',
        },
        meta,
        clock,
      ) as never,
    );
  await store.append(invoiceId, events, 'no_stream');
  return { invoiceId, documentId: data.document_id, cufe: data.cufe, number };
}

/** requestNote's ports on `store`: the invoice's by-cufe lookup reads the store itself. */
export function notePorts(
  store: EventStore,
  options: { allocator?: NumberAllocator; now?: () => Date } = {},
): RequestNotePorts & { idempotency: SqliteIdempotencyStore } {
  return {
    store,
    tenants,
    idempotency: new SqliteIdempotencyStore(':memory:'),
    allocator: options.allocator ?? new NumberAllocator(store, highestUsedInStore(store)),
    outcomes: { waitFor: async () => undefined },
    answer: async (view) => ({
      statusCode: 202,
      headers: { Location: `/api/v1/service/status/${view.cufe}` },
      body: view,
    }),
    clock: { now: options.now ?? (() => new Date()) },
    config: ingressConfigSchema.parse({}),
    invoices: {
      findByCufe: async (tenantId, cufe) => {
        for (const number of ['990000001', '990000002', '990000003', '990000004', '990000005']) {
          const invoiceId = invoiceStreamName(tenantId, `SETP${number}`);
          const { events } = await store.read(invoiceId);
          const view = events.map((e) => e.envelope).reduce(evolve as never, undefined) as
            { cufe?: string } | undefined;
          if (view?.cufe === cufe) return { invoiceId };
        }
        return undefined;
      },
    },
  };
}

/**
 * One in-memory world per test for the file that calls this at its top level: `world()` gives a store and
 * requestNote's ports on it; whatever is pushed on `open` is closed after each test.
 */
export function memoryNoteWorlds() {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) await o.close();
  });
  const world = () => {
    const store = new SqliteEventStore(':memory:');
    const ports = notePorts(store);
    open.push(store, ports.idempotency);
    return { store, ports };
  };
  return { open, world };
}
