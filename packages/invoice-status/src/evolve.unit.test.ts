import { randomUUID } from 'node:crypto';
import type { InvoiceEvent } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { evolve } from './evolve.ts';

const cufe = 'a'.repeat(96);
let minute = 0;
function event<T extends InvoiceEvent['type']>(
  type: T,
  data: Extract<InvoiceEvent, { type: T }>['data'],
): InvoiceEvent {
  minute++;
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurred_at: `2026-03-10T10:${String(minute).padStart(2, '0')}:00-05:00`,
    tenant_id: 'demo',
    invoice_id: 'inv-1',
    correlation_id: 'req-1',
    causation_id: 'req-1',
    data,
  } as InvoiceEvent;
}

const requested = () =>
  event('InvoiceRequested', {
    request: {
      customer: { document_type: '31', document_number: '900108281', name: 'C', tax_level_codes: ['R-99-PN'] },
      lines: [{ code: 'a', name: 'b', quantity: 1, unit_price: 1, unit_code: '94', taxes: [] }],
      payment: { method_code: '10' },
    },
    prefix: 'SETP',
    number: '990000001',
    document_id: 'SETP990000001',
    resolution_id: 'r',
    environment: '2',
    issued_at: '2026-03-10T10:00:00-05:00',
    cufe,
    payable_amount: '1.00',
  });
const signed = () =>
  event('InvoiceSigned', {
    xml_key: 'demo/x.xml',
    xml_sha256: 'b'.repeat(64),
    signed_at: '2026-03-10T10:00:01-05:00',
    certificate_serial: '01',
  });
const rendered = () => event('InvoiceRendered', { pdf_key: 'demo/x.pdf', pdf_sha256: 'c'.repeat(64), pages: 1 });
const submitted = () =>
  event('InvoiceSubmitted', {
    attempt: 1,
    operation: 'SendBillSync',
    track_id: cufe,
    endpoint: 'http://127.0.0.1/dian',
  });
const failed = () =>
  event('InvoiceSubmissionFailed', {
    attempt: 1,
    retriable: true,
    reason: 'TIMEOUT',
    message: 'no answer',
    outcome_unknown: true,
  });
const accepted = () =>
  event('InvoiceAccepted', {
    track_id: cufe,
    status_code: '00',
    status_description: 'Procesado Correctamente.',
    status_message: 'ok',
    notifications: [{ rule: 'FAJ40', message: 'n' }],
    validated_at: '2026-03-10T10:00:05-05:00',
  });
const rejected = () =>
  event('InvoiceRejected', {
    track_id: cufe,
    status_code: '99',
    status_description: 'errores',
    status_message: 'x',
    errors: [{ rule: 'FAD06', message: 'cufe' }],
    rejected_at: '2026-03-10T10:00:05-05:00',
  });

const halted = (step: 'signing' | 'rendering' | 'submission', code = 'REBUILD_FAILED') =>
  event('InvoiceProcessingHalted', {
    step,
    consumer_group: `fe.${step}`,
    failed_event_id: randomUUID(),
    failed_event_type: 'InvoiceRequested',
    error_code: code,
    attempts: 5,
  });

const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined);

describe('invoice status evolve', () => {
  it('walks requested → signed → rendered → submitted → accepted with a history entry per stage', () => {
    const view = fold([requested(), signed(), rendered(), submitted(), accepted()])!;
    expect(view).toMatchObject({
      status: 'accepted',
      stage: 'accepted',
      cufe,
      number: 'SETP990000001',
      prefix: 'SETP',
      consecutive: '990000001',
      xmlKey: 'demo/x.xml',
      pdfKey: 'demo/x.pdf',
    });
    expect(view.history.map((h) => `${h.status}/${h.stage}`)).toEqual([
      'pending/requested',
      'pending/signed',
      'pending/rendered',
      'pending/submitted',
      'accepted/accepted',
    ]);
    expect(view.taxAuthority).toMatchObject({ statusCode: '00', errors: [{ rule: 'FAJ40' }] });
  });

  it("keeps a foreign-currency invoice's currency beside its amount, and none for pesos", () => {
    const inDollars = requested();
    if (inDollars.type !== 'InvoiceRequested') throw new Error('not a request');
    inDollars.data.request.currency = { code: 'USD', exchange_rate: '3912.45', rate_date: '2026-03-09' };
    expect(evolve(undefined, inDollars)).toMatchObject({ payableAmount: '1.00', currency: 'USD' });
    expect(evolve(undefined, requested())).not.toHaveProperty('currency');
  });

  it('takes the parallel branches in either order and never moves the stage back', () => {
    const view = fold([requested(), signed(), submitted(), rendered()])!;
    expect(view.stage).toBe('submitted');
    expect(view.pdfKey).toBe('demo/x.pdf');
  });

  it('keeps a final status final, even when a late event arrives', () => {
    const view = fold([requested(), signed(), submitted(), rejected(), rendered(), accepted()])!;
    expect(view).toMatchObject({
      status: 'rejected',
      stage: 'rejected',
      taxAuthority: { errors: [{ rule: 'FAD06' }] },
    });
  });

  it('records a submission failure without leaving pending', () => {
    const view = fold([requested(), signed(), failed()])!;
    expect(view).toMatchObject({
      status: 'pending',
      stage: 'signed',
      lastSubmissionFailure: { reason: 'TIMEOUT', retriable: true },
    });
  });

  it('records the PDF rendered after the verdict without touching the final status', () => {
    const before = fold([requested(), signed(), submitted(), accepted()])!;
    const pdf = rendered();
    const view = evolve(before, pdf)!;
    expect(before.pdfKey).toBeUndefined();
    expect(view).toMatchObject({
      status: 'accepted',
      stage: 'accepted',
      pdfKey: 'demo/x.pdf',
      updatedAt: pdf.occurred_at,
      lastEventId: pdf.id,
    });
    expect(view.history).toEqual(before.history);
    expect(evolve(fold([requested(), signed(), submitted(), rejected()]), rendered())).toMatchObject({
      status: 'rejected',
      pdfKey: 'demo/x.pdf',
    });
  });

  it('forgets a failure once a later attempt is submitted, and ignores a redelivered older one', () => {
    const first = failed();
    const retry = event('InvoiceSubmitted', {
      attempt: 2,
      operation: 'SendBillSync',
      track_id: cufe,
      endpoint: 'http://127.0.0.1/dian',
    });
    const view = fold([requested(), signed(), first, retry])!;
    expect(view.lastSubmissionFailure).toBeUndefined();
    expect(view.lastSubmittedAttempt).toBe(2);
    expect(evolve(view, first)!.lastSubmissionFailure).toBeUndefined();
  });

  it('keeps a failure of the attempt that was submitted (a timeout after sending)', () => {
    const view = fold([requested(), signed(), submitted(), failed()])!;
    expect(view).toMatchObject({ stage: 'submitted', lastSubmissionFailure: { attempt: 1, reason: 'TIMEOUT' } });
  });

  it('is idempotent: a redelivered event changes nothing', () => {
    const events = [requested(), signed(), submitted()];
    const once = fold(events)!;
    expect(fold([...events, events[2]!])).toEqual(once);
    expect(fold([events[0]!, ...events])).toEqual(once);
  });

  it('ignores events of an invoice it never saw requested', () => {
    expect(fold([signed(), accepted()])).toBeUndefined();
  });
});

describe('a step that gave up (InvoiceProcessingHalted)', () => {
  it("shows a pending invoice as signing_failed with the code and when, until the signer's next event moves it on", () => {
    const halt = halted('signing');
    const stuck = fold([requested(), halt])!;
    expect(stuck).toMatchObject({
      status: 'pending',
      stage: 'signing_failed',
      processingHalt: { step: 'signing', code: 'REBUILD_FAILED', attempts: 5, at: halt.occurred_at },
    });
    expect(stuck.history.at(-1)).toMatchObject({ status: 'pending', stage: 'signing_failed', at: halt.occurred_at });
    const redriven = evolve(stuck, signed())!;
    expect(redriven.stage).toBe('signed');
    expect(redriven.processingHalt).toBeUndefined();
  });

  it("keeps the halt through another step's events, and clears it with its own step's", () => {
    const stuck = fold([requested(), signed(), halted('submission', 'UNAVAILABLE')])!;
    expect(stuck).toMatchObject({
      stage: 'submission_failed',
      processingHalt: { step: 'submission', code: 'UNAVAILABLE' },
    });
    expect(evolve(stuck, rendered())!.processingHalt).toMatchObject({ step: 'submission' });
    const decided = evolve(stuck, accepted())!;
    expect(decided).toMatchObject({ status: 'accepted', stage: 'accepted' });
    expect(decided.processingHalt).toBeUndefined();
  });

  it('a halted PDF leaves an accepted invoice accepted, with the halt beside it', () => {
    const view = fold([requested(), signed(), submitted(), accepted(), halted('rendering', 'RENDER_FAILED')])!;
    expect(view).toMatchObject({
      status: 'accepted',
      stage: 'accepted',
      processingHalt: { step: 'rendering', code: 'RENDER_FAILED' },
    });
    expect(evolve(view, rendered())!.processingHalt).toBeUndefined();
  });

  it('a submission failure the submitter will not retry halts the step at once, with its reason as the code', () => {
    const final = event('InvoiceSubmissionFailed', {
      attempt: 1,
      retriable: false,
      reason: 'SOAP_FAULT_CLIENT',
      message: 'DIAN refused the request; not retried',
      outcome_unknown: false,
    });
    const stuck = fold([requested(), signed(), final])!;
    expect(stuck).toMatchObject({
      status: 'pending',
      stage: 'submission_failed',
      processingHalt: { step: 'submission', code: 'SOAP_FAULT_CLIENT', attempts: 1, at: final.occurred_at },
    });
    expect(fold([requested(), signed(), failed()])!.processingHalt).toBeUndefined();
    expect(evolve(stuck, submitted())!.processingHalt).toBeUndefined();
  });

  it('never moves the stage back: a halt after the invoice was submitted only adds the halt', () => {
    const view = fold([requested(), signed(), submitted(), halted('submission')])!;
    expect(view.stage).toBe('submitted');
    expect(view.processingHalt).toMatchObject({ step: 'submission' });
  });
});

describe('the mail to the buyer (buyer_notification)', () => {
  const mid = '<SETP990000001.1@fe.local>';
  const started = (attempt = 1) =>
    event('BuyerNotificationStarted', {
      email: 'b@example.com',
      source: 'dian_acquirer',
      message_id: mid,
      attempt,
      attached_document_id: 'ad-1',
    });
  const mailFailed = (final: boolean, attempt = 1) =>
    event('BuyerNotificationFailed', {
      email: 'b@example.com',
      message_id: mid,
      attempt,
      code: final ? 'MAIL_RECIPIENT_REFUSED' : 'MAIL_TEMPORARY_FAILURE',
      reason: '550',
      final,
      failed_at: '2026-03-10T10:30:00-05:00',
    });

  it('shows sending, then sent with the address, its source and when, leaving the stage and history alone', () => {
    const before = fold([requested(), signed(), submitted(), accepted(), rendered()])!;
    const sending = evolve(before, started())!;
    expect(sending.buyerNotification).toMatchObject({
      stage: 'sending',
      email: 'b@example.com',
      source: 'dian_acquirer',
      message_id: mid,
      attempt: 1,
    });
    const sent = evolve(
      sending,
      event('BuyerNotified', { email: 'b@example.com', message_id: mid, notified_at: '2026-03-10T10:31:00-05:00' }),
    )!;
    expect(sent.buyerNotification).toEqual({
      stage: 'sent',
      at: '2026-03-10T10:31:00-05:00',
      email: 'b@example.com',
      source: 'dian_acquirer',
      message_id: mid,
      attempt: 1,
    });
    expect(sent).toMatchObject({ status: 'accepted', stage: 'accepted', buyerNotifiedAt: '2026-03-10T10:31:00-05:00' });
    expect(sent.history).toEqual(before.history);
  });

  it('a temporary failure is "retrying", a refused address "failed" with its code; the invoice stays accepted', () => {
    const retrying = fold([requested(), signed(), submitted(), accepted(), rendered(), started(), mailFailed(false)])!;
    expect(retrying.buyerNotification).toMatchObject({
      stage: 'retrying',
      code: 'MAIL_TEMPORARY_FAILURE',
      source: 'dian_acquirer',
    });
    const failed = fold([requested(), signed(), submitted(), accepted(), rendered(), started(), mailFailed(true)])!;
    expect(failed.buyerNotification).toMatchObject({
      stage: 'failed',
      code: 'MAIL_RECIPIENT_REFUSED',
      email: 'b@example.com',
    });
    expect(failed.status).toBe('accepted');
  });

  it('says when there is no address', () => {
    const view = fold([
      requested(),
      signed(),
      submitted(),
      accepted(),
      rendered(),
      event('BuyerNotificationSkipped', { reason: 'no_address', detail: 'no customer.email' }),
    ])!;
    expect(view.buyerNotification).toMatchObject({ stage: 'no_address', reason: 'no customer.email' });
  });
});
