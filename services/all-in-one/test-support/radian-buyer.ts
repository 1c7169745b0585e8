// What the buyer's-side end-to-end tests share (docs/radian.md, "The buyer's side"): the mail server's mailboxes, the
// CUDE written out by the test itself, and the events a supplier's mailbox holds.
import { createHash } from 'node:crypto';
import { readAttachedDocument, readEventApplicationResponse } from '@fe/dian-xml';
import { createImapMailboxReader, extractAttachments, imapSettings, isMailError } from '@fe/mail';
import { unzipSync } from 'fflate';

/** Every unseen mail GreenMail holds for `address` (its password is the address); none before its first mail. */
export async function mailsTo(imapUrl: string, address: string): Promise<{ subject: string; raw: Uint8Array }[]> {
  const reader = createImapMailboxReader(
    imapSettings({ url: imapUrl, user: address, password: address, timeoutMs: 10_000 }),
  );
  try {
    const mails = [];
    for (const message of await reader.listUnseen(1000))
      mails.push({ subject: message.subject, raw: await reader.fetchRaw(message.uid) });
    return mails;
  } catch (error) {
    if (isMailError(error) && error.code === 'MAILBOX_AUTH_FAILED') return []; // GreenMail makes the user on delivery
    throw error;
  } finally {
    await reader.close();
  }
}

/** The event AttachedDocuments in `address`'s mailbox whose event is one of `cudes`, by CUDE. */
export async function eventMails(
  imapUrl: string,
  address: string,
  cudes: readonly string[],
): Promise<Map<string, { subject: string; xml: string }>> {
  const byCude = new Map<string, { subject: string; xml: string }>();
  for (const mail of await mailsTo(imapUrl, address)) {
    if (!mail.subject.startsWith('Evento;')) continue;
    for (const attachment of extractAttachments(mail.raw).attachments) {
      if (attachment.kind !== 'zip') continue;
      for (const [name, data] of Object.entries(unzipSync(attachment.content))) {
        if (!name.endsWith('.xml')) continue;
        const xml = Buffer.from(data).toString('utf8');
        const key = readAttachedDocument(xml).documentKey;
        if (key && cudes.includes(key)) byCude.set(key, { subject: mail.subject, xml });
      }
    }
  }
  return byCude;
}

/** CUDE of an event, as annex §1.4 writes it (no separators; CompanyIDs without DV; IssueTime with its offset). */
export const cudeOf = (f: Record<string, string>, pin: string): string =>
  createHash('sha384')
    .update(
      f.id! + f.issueDate! + f.issueTime! + f.sender! + f.receiver! + f.code! + f.invoiceId! + f.typeCode! + pin,
      'utf8',
    )
    .digest('hex');

/** The CUDE's fields, read from the signed XML by the one reader (@fe/dian-xml); the formula above is the test's. */
export function cudeFields(xml: string): Record<string, string> {
  const event = readEventApplicationResponse(xml);
  return {
    id: event.id!,
    issueDate: event.issueDate!,
    issueTime: event.issueTime!,
    sender: event.sender.id!,
    receiver: event.receiver.id!,
    code: event.eventCode!,
    invoiceId: event.invoice.id!,
    typeCode: event.invoice.documentTypeCode!,
    uuid: event.cude!,
  };
}

/** Polls `probe` until it finds something, failing after `withinMs`: the buyer's side waits on mail and DIAN. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, withinMs = 60_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
