import type { Envelope, InvoiceEvent } from '@fe/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store.ts';
import { isConcurrencyError } from '../errors.ts';
import { newInvoiceEvent } from '../invoice-stream/invoice-stream.ts';
import { documentStream, foldStream } from './document-state.ts';
import { runReaction, type ReactionStep } from './run-reaction.ts';

const clock = { now: () => new Date('2026-03-10T15:00:00.000Z') };
const stream = 'inv-demo-SETP1';
const meta = { tenantId: 'demo', invoiceId: stream, correlationId: 'c', causationId: 'c' };
const signed = () =>
  newInvoiceEvent(
    'InvoiceSigned',
    {
      xml_key: 'demo/SETP1.xml',
      xml_sha256: 'a'.repeat(64),
      signed_at: '2026-03-10T10:00:00.000-05:00',
      certificate_serial: '0b',
    },
    meta,
    clock,
  );
const rendered = () =>
  newInvoiceEvent('InvoiceRendered', { pdf_key: 'demo/SETP1.pdf', pdf_sha256: 'b'.repeat(64), pages: 1 }, meta, clock);
type Decision = { action: 'none'; reason: 'already_rendered' } | { action: 'render' };
const decideRender = (state: ReturnType<typeof documentStream.initialState>): Decision =>
  state.rendered ? { action: 'none', reason: 'already_rendered' } : { action: 'render' };

let store: SqliteEventStore;
afterEach(async () => store?.close());

async function withStream(...events: InvoiceEvent[]) {
  store = new SqliteEventStore(':memory:');
  await store.append(stream, events as Envelope[], 'no_stream');
  return store;
}

describe('runReaction', () => {
  it('skips what decide says is done, without acting', async () => {
    await withStream(signed(), rendered());
    let acted = false;
    const run = await runReaction({
      store,
      stream,
      fold: documentStream,
      decide: decideRender,
      act: async () => ((acted = true), undefined),
    });
    expect(run).toMatchObject({ outcome: 'skipped', decision: { reason: 'already_rendered' } });
    expect(acted).toBe(false);
  });

  it('appends what the side effect records at the version it decided on, then runs `after` with the next version', async () => {
    await withStream(signed());
    let next: bigint | undefined;
    const event = rendered();
    const run = await runReaction({
      store,
      stream,
      fold: documentStream,
      decide: decideRender,
      act: async () => ({ events: [event], after: async (v) => void (next = v) }),
    });
    expect(run).toMatchObject({ outcome: 'acted', events: [event] });
    expect(next).toBe(1n); // the version of the last event: the second
    expect((await store.read(stream)).events.map((e) => e.envelope.id)).toContain(event.id);
  });

  it('on a conflict, decides again: lost_race when another writer did the work, the conflict thrown when not', async () => {
    await withStream(signed());
    const racing = (other: InvoiceEvent) => async (): Promise<ReactionStep> => {
      await store.append(stream, [other as Envelope], 'any'); // another writer gets in first
      return { events: [rendered()] };
    };
    const lost = await runReaction({
      store,
      stream,
      fold: documentStream,
      decide: decideRender,
      act: racing(rendered()),
    });
    expect(lost).toMatchObject({ outcome: 'lost_race', expected: 0n, found: 1n });

    await withStream(signed());
    const error = await runReaction({
      store,
      stream,
      fold: documentStream,
      decide: decideRender,
      act: racing(signed()),
    }).catch((e: unknown) => e);
    expect(isConcurrencyError(error)).toBe(true);
  });

  it("follows the step's own conflict rule: lost_race at once, or append on top once", async () => {
    await withStream(signed());
    const step = (onConflict: NonNullable<ReactionStep['onConflict']>) => async (): Promise<ReactionStep> => {
      await store.append(stream, [signed() as Envelope], 'any');
      return { events: [rendered()], onConflict };
    };
    expect(
      await runReaction({ store, stream, fold: documentStream, decide: decideRender, act: step('lost_race') }),
    ).toMatchObject({ outcome: 'lost_race' });
    const onTop = await runReaction({
      store,
      stream,
      fold: documentStream,
      decide: decideRender,
      act: step(() => 'append_again'),
    });
    expect(onTop.outcome).toBe('acted');
    expect((await store.read(stream)).events.map((e) => e.envelope.type)).toEqual([
      'InvoiceSigned',
      'InvoiceSigned',
      'InvoiceSigned',
      'InvoiceRendered',
    ]);
  });
});

describe('evolveDocument', () => {
  it('keeps the first of each fact, the request only as the first event, and every notification in order', () => {
    const first = signed();
    const notified = newInvoiceEvent(
      'BuyerNotified',
      { email: 'b@x.example', message_id: '<m@x>', notified_at: '2026-03-10T10:30:00-05:00' },
      meta,
      clock,
    );
    const state = foldStream(documentStream, [first, signed(), rendered(), notified]);
    expect(state.signed).toBe(first);
    expect(state.requested).toBeUndefined();
    expect(state.notifications).toEqual([notified]);
    expect(state.submission.cause?.type).toBe('InvoiceSigned');
    expect(state.recorded.get(notified.id)).toBe('BuyerNotified');
  });
});
