import { topics, type InvoiceEvent, type InvoiceRequestedV3 } from '@fe/contracts';
import { invoiceRequested } from '@fe/dian-client/testing';
import { newInvoiceEvent, SqliteDeadLetterStore, SqliteEventStore } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { redriveCommand } from './redrive.ts';

const clock = { now: () => new Date('2026-11-22T16:00:00Z') };

async function folder(...after: ((meta: { tenantId: string; invoiceId: string }) => InvoiceEvent)[]) {
  const requested = invoiceRequested() as InvoiceRequestedV3;
  const invoiceId = requested.invoice_id!;
  const store = new SqliteEventStore(':memory:');
  const letters = new SqliteDeadLetterStore(':memory:');
  await store.append(
    invoiceId,
    [requested, ...after.map((make) => make({ tenantId: 'demo', invoiceId }))],
    'no_stream',
  );
  const run = (...args: string[]) =>
    redriveCommand(args, {
      clock,
      operator: 'ops',
      dataFolder: () => '/srv/fe/data',
      open: () => ({ store, letters, close: async () => {} }),
    });
  return { store, letters, run, requested, invoiceId };
}
const meta = (m: { tenantId: string; invoiceId: string }) => ({ ...m, correlationId: 'c', causationId: 'c' });
const signed = (m: { tenantId: string; invoiceId: string }) =>
  newInvoiceEvent(
    'InvoiceSigned',
    { xml_key: 'demo/x.xml', xml_sha256: '0'.repeat(64), signed_at: '2026-11-22T15:00:01Z', certificate_serial: '01' },
    meta(m),
    clock,
  );
const finalFailure = (m: { tenantId: string; invoiceId: string }) =>
  newInvoiceEvent(
    'InvoiceSubmissionFailed',
    { attempt: 1, retriable: false, reason: 'SOAP_FAULT_CLIENT', message: 'refused', outcome_unknown: false },
    meta(m),
    clock,
  );

describe('pnpm fe redrive', () => {
  it('re-drives a submission that failed for good, once, recording who asked', async () => {
    const { run, store, invoiceId, requested } = await folder(signed, finalFailure);
    const done = await run(requested.data.document_id);
    expect(done).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('submission re-driven by cli:ops') });
    const last = (await store.read(invoiceId)).events.at(-1)!.envelope;
    expect(last).toMatchObject({
      type: 'InvoiceRedriveRequested',
      data: { step: 'submission', requested_by: 'cli:ops', requested_at: '2026-11-22T16:00:00.000Z' },
    });
    // Re-driven and not yet failed again: nothing more to re-drive.
    expect(await run(requested.data.cufe)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^REDRIVE_NOT_FAILED/),
    });
  });

  it("hands back the invoice's dead letters, naming their step", async () => {
    const { run, letters, requested } = await folder();
    await letters.keep(
      {
        topic: topics.invoiceEvents.name,
        group: 'fe.signer',
        message: { key: requested.invoice_id!, value: requested },
        error: 'SignerError REBUILD_FAILED: x',
        attempts: 5,
      },
      clock.now(),
    );
    const done = await run(requested.data.document_id);
    expect(done.stdout).toContain('signing re-driven by cli:ops; dead letters #1');
    expect((await letters.requested()).map((l) => l.id)).toEqual([1]);
  });

  it('re-drives a dead-lettered PDF of an accepted invoice, and refuses an accepted one with none', async () => {
    const accepted = (m: { tenantId: string; invoiceId: string }) =>
      newInvoiceEvent(
        'InvoiceAccepted',
        {
          track_id: 'a'.repeat(96),
          status_code: '00',
          status_description: 'ok',
          status_message: 'ok',
          notifications: [],
          validated_at: '2026-11-22T15:00:05Z',
        },
        meta(m),
        clock,
      );
    const { run, letters, requested } = await folder(signed, accepted);
    expect(await run(requested.data.document_id)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^REDRIVE_FINAL/),
    });
    const verdict = { ...requested, id: crypto.randomUUID(), type: 'InvoiceAccepted' } as unknown as InvoiceEvent;
    await letters.keep(
      {
        topic: topics.invoiceEvents.name,
        group: 'fe.renderer',
        message: { key: requested.invoice_id!, value: verdict },
        error: 'RendererError RENDER_FAILED: x',
        attempts: 5,
      },
      clock.now(),
    );
    expect((await run(requested.data.document_id)).stdout).toContain('rendering re-driven by cli:ops');
  });

  it('refuses an invoice that is pending without a failure, an unknown one, and bad usage', async () => {
    const { run, requested } = await folder(signed);
    expect(await run(requested.data.document_id)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^REDRIVE_NOT_FAILED/),
    });
    expect(await run('SETP1234')).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/^REDRIVE_NOT_FOUND/) });
    expect((await run()).exitCode).toBe(2);
  });
});
