/* eslint-disable @typescript-eslint/no-explicit-any -- status answers are read field by field */
// What must hold after a fault in the middle of a burst, one function per invariant: every invoice final, none
// judged twice by DIAN, no event twice, the projection equal to a rebuild, one mail per invoice.
import type { CaughtMail } from '@fe/mail/testing';
import { expect } from 'vitest';
import type { Shape } from '../shapes/shape.ts';
import type { Issued } from './burst.ts';

/** Each invoice's last status answer, by cufe. */
export type Finals = Map<string, any>;

const verdict = (body: any) => body.status === 'accepted' || body.status === 'rejected';
/** Its steps done: a verdict with the PDF drawn and the buyer's mail past sending, or a step that gave up. */
const settled = (body: any) =>
  body.processing_error !== undefined ||
  (verdict(body) &&
    body.pdf_url !== undefined &&
    ['sent', 'failed', 'no_address'].includes(body.buyer_notification?.stage));

/** Polls every invoice's status until each is settled or `withinMs` passed; the last answers by cufe. */
export async function settledStatuses(shape: Shape, issued: Issued[], withinMs = 300_000): Promise<Finals> {
  const deadline = Date.now() + withinMs;
  const last: Finals = new Map();
  for (;;) {
    for (const { cufe } of issued) {
      if (last.has(cufe) && settled(last.get(cufe))) continue;
      const answer = await shape.get(`/api/v1/service/status/${cufe}`).catch(() => undefined);
      if (answer?.status === 200) last.set(cufe, answer.body);
    }
    if (issued.every(({ cufe }) => last.has(cufe) && settled(last.get(cufe))) || Date.now() > deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Every invoice accepted or rejected by DIAN with its PDF and mail, or carrying a processing_error saying why not. */
export function expectEveryInvoiceFinal(issued: Issued[], finals: Finals): void {
  const open = issued
    .map(({ cufe }) => finals.get(cufe))
    .filter((body) => !body || !settled(body))
    .map((body) => ({
      cufe: body?.cufe,
      status: body?.status,
      stage: body?.stage,
      pdf: body?.pdf_url !== undefined,
      mail: body?.buyer_notification?.stage,
    }));
  expect(open, 'invoices neither final nor carrying a processing_error').toEqual([]);
  expect(new Set(issued.map((i) => i.cufe)).size, 'one cufe per invoice').toBe(issued.length);
}

/** DIAN (the simulator's count of received documents per CUFE) judged each invoice with a verdict exactly once. */
export async function expectNoneJudgedTwice(shape: Shape, finals: Finals): Promise<void> {
  const judged = await Promise.all(
    [...finals.values()].map(async (body) => ({
      cufe: body.cufe as string,
      times: await shape.dian.timesReceived(body.cufe),
      verdict: verdict(body),
    })),
  );
  expect(judged.filter((j) => (j.verdict ? j.times !== 1 : j.times > 1))).toEqual([]);
}

const ONCE = [
  'InvoiceRequested',
  'InvoiceSigned',
  'InvoiceSubmitted',
  'InvoiceAccepted',
  'InvoiceRejected',
  'InvoiceRendered',
  'BuyerNotified',
];

/**
 * No event stored twice: every envelope id unique in the store, each once-only event at most once per invoice,
 * and exactly one verdict (InvoiceAccepted or InvoiceRejected) per invoice DIAN judged.
 */
export async function expectNoDuplicateEvent(shape: Shape, issued: Issued[], finals: Finals): Promise<number> {
  const events = await shape.invoiceEvents();
  const ids = new Map<string, number>();
  for (const { id } of events) ids.set(id, (ids.get(id) ?? 0) + 1);
  expect(
    [...ids].filter(([, n]) => n > 1),
    'envelope ids stored more than once',
  ).toEqual([]);
  const mine = new Map(issued.map((i) => [i.invoiceId, i.cufe]));
  const counts = new Map<string, number>();
  for (const { stream, type } of events)
    if (mine.has(stream)) counts.set(`${stream} ${type}`, (counts.get(`${stream} ${type}`) ?? 0) + 1);
  const twice = [...counts].filter(([key, n]) => n > 1 && ONCE.includes(key.split(' ')[1]!));
  expect(twice, 'once-only events stored more than once').toEqual([]);
  const verdicts = [...mine]
    .filter(([, cufe]) => verdict(finals.get(cufe)))
    .map(([id]) => [id, (counts.get(`${id} InvoiceAccepted`) ?? 0) + (counts.get(`${id} InvoiceRejected`) ?? 0)])
    .filter(([, n]) => n !== 1);
  expect(verdicts, 'invoices without exactly one verdict event').toEqual([]);
  return events.length;
}

/** The live read model equals a replay of the event history into an empty one (waits while the projection lags). */
export async function expectProjectionEqualsRebuild(shape: Shape, withinMs = 120_000): Promise<void> {
  const diff = await shape.projectionDiff(withinMs);
  expect(diff.slice(0, 3), `${diff.length} invoices differ from a rebuild`).toEqual([]);
}

export type MailCount = { sent: number; outcomeUnknown: number; mails: number };

/**
 * One mail per invoice in the SMTP server's mailbox, told apart by Message-ID (the same on every attempt of a
 * round): exactly one for each mail the status says was sent; at most one where a kill cut the send after the
 * attempt was recorded (MAIL_OUTCOME_UNKNOWN: docs/notifier.md, never resent by itself); no Message-ID twice.
 */
export function expectOneMailPerInvoice(mailbox: CaughtMail[], finals: Finals): MailCount {
  const byId = new Map<string, number>();
  for (const mail of mailbox) {
    const id = messageIdOf(mail.raw);
    if (id) byId.set(id, (byId.get(id) ?? 0) + 1);
  }
  expect(
    [...byId].filter(([, n]) => n > 1),
    'Message-IDs received more than once',
  ).toEqual([]);
  const count: MailCount = { sent: 0, outcomeUnknown: 0, mails: 0 };
  const wrong: unknown[] = [];
  for (const body of finals.values()) {
    if (!verdict(body) || body.processing_error) continue;
    const mail = body.buyer_notification;
    const received = byId.get(mail?.message_id) ?? 0;
    count.mails += received;
    if (mail?.stage === 'sent' && received === 1) count.sent++;
    else if (mail?.stage === 'failed' && mail.code === 'MAIL_OUTCOME_UNKNOWN' && received <= 1) count.outcomeUnknown++;
    else wrong.push({ cufe: body.cufe, mail, received });
  }
  expect(wrong, 'invoices without exactly one mail').toEqual([]);
  return count;
}

/** The Message-ID header of a raw mail, with its angle brackets (as the status's message_id). */
function messageIdOf(raw: Buffer): string | undefined {
  const head = raw.toString('utf8').split(/\r?\n\r?\n/, 1)[0]!;
  const found = /^message-id:\s*(<[^>\s]+>)/im.exec(head);
  return found?.[1];
}
