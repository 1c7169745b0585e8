import { createHash } from 'node:crypto';
import { createImapMailboxReader, imapSettings, isMailError, type MailboxReader } from '@fe/mail';
import type { Logger, ServiceModule } from '@fe/platform';
import {
  importReceivedInvoice,
  type ImportPorts,
  type ImportOutcome,
  type ReceptionMailboxStore,
} from '@fe/received-invoices';

export type InboxMailbox = { tenantId: string; reader: MailboxReader };

export type InboxPorts = ImportPorts & {
  /** The deployment's own mailbox (FE_IMAP_* with FE_INBOX_TENANT), if any. */
  mailboxes: readonly InboxMailbox[];
  /** The mailboxes the tenants registered (PUT /reception-mailbox, the portal), read again at every poll. */
  registered?: ReceptionMailboxStore | undefined;
  tenants: { profile(tenantId: string): Promise<{ tenant: { nit: string } } | undefined> };
  logger: Logger;
  intervalMs: number;
};

/** The folders a read mail goes to: imported (checks passed or not), or nothing in it could be read. */
const IMPORTED_FOLDER = 'Importadas';
const REFUSED_FOLDER = 'Rechazadas';

/**
 * Reads each reception mailbox on a timer (the deployment's and those the tenants registered): every unseen mail's
 * zip and XML attachments are imported as received invoices (importReceivedInvoice, idempotent by CUFE), then the mail
 * is moved out of the folder, so a crash before the move reads it again and imports nothing twice. Mailbox
 * credentials are never logged.
 */
export function createInboxPoller(ports: InboxPorts): ServiceModule & { pollNow(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopping = false;

  async function pollMailbox(mailbox: InboxMailbox): Promise<void> {
    const logger = ports.logger.child({ tenant_id: mailbox.tenantId });
    const profile = await ports.tenants.profile(mailbox.tenantId);
    if (!profile) return logger.warn({}, 'the reception mailbox names an unknown tenant; not read');
    const unseen = await mailbox.reader.listUnseen(50);
    for (const message of unseen) {
      if (stopping) return;
      const outcomes: ImportOutcome[] = [];
      try {
        // The MIME walk of a mail of up to 10 MiB runs on the check thread, beside the checks.
        const attachments = await ports.checker.attachmentsOf(await mailbox.reader.fetchRaw(message.uid));
        for (const attachment of attachments)
          outcomes.push(
            await importReceivedInvoice(ports, {
              tenantId: mailbox.tenantId,
              tenantNit: profile.tenant.nit,
              bytes: attachment.content,
              source: 'mail',
              fileName: attachment.filename,
              mailMessageId: message.messageId || undefined,
              correlationId: message.messageId || `imap-${message.uid}`,
            }),
          );
      } catch (error) {
        // A mail too large or too complex is set aside; anything else (the server, the store) is tried next time.
        if (!isMailError(error) || error.retriable) throw error;
        logger.warn({ code: error.code, uid: message.uid }, 'a received mail cannot be read; set aside');
      }
      const read = outcomes.flatMap((o) => (o.kind === 'unreadable' ? [] : [o]));
      logger.info(
        {
          uid: message.uid,
          imported: read.map((o) => `${o.kind}:${o.cufe.slice(0, 12)}`),
          unreadable: outcomes.length - read.length,
        },
        'reception mail read',
      );
      await mailbox.reader.moveTo(message.uid, read.length ? IMPORTED_FOLDER : REFUSED_FOLDER);
    }
  }

  // A registered mailbox's reader, kept while its settings and password stay the same.
  const opened = new Map<string, { key: string; reader: MailboxReader }>();
  async function registeredMailboxes(): Promise<InboxMailbox[]> {
    if (!ports.registered) return [];
    const current = await ports.registered.all();
    for (const [tenantId, kept] of opened)
      if (!current.some((m) => m.tenantId === tenantId)) {
        opened.delete(tenantId);
        await kept.reader.close();
      }
    const found: InboxMailbox[] = [];
    for (const mailbox of current) {
      const key = createHash('sha256')
        .update(JSON.stringify([mailbox.settings, mailbox.password]))
        .digest('hex');
      let kept = opened.get(mailbox.tenantId);
      if (kept?.key !== key) {
        await kept?.reader.close();
        opened.delete(mailbox.tenantId);
        try {
          const settings = imapSettings({ ...mailbox.settings, password: mailbox.password });
          kept = { key, reader: createImapMailboxReader(settings, { logger: ports.logger }) };
          opened.set(mailbox.tenantId, kept);
        } catch (error) {
          if (!isMailError(error)) throw error;
          ports.logger.warn({ tenant_id: mailbox.tenantId, code: error.code }, 'a reception mailbox cannot be read');
          continue;
        }
      }
      found.push({ tenantId: mailbox.tenantId, reader: kept.reader });
    }
    return found;
  }

  async function pollAll(): Promise<void> {
    let mailboxes: InboxMailbox[] = [...ports.mailboxes];
    try {
      mailboxes = [...mailboxes, ...(await registeredMailboxes())];
    } catch (error) {
      ports.logger.warn({ err: error }, 'the registered reception mailboxes could not be read');
    }
    for (const mailbox of mailboxes) {
      try {
        await pollMailbox(mailbox);
      } catch (error) {
        ports.logger.warn(
          {
            tenant_id: mailbox.tenantId,
            code: isMailError(error) ? error.code : undefined,
            err: isMailError(error) ? undefined : error,
          },
          'the reception mailbox could not be read; tried again at the next poll',
        );
      }
    }
  }

  const pollNow = (): Promise<void> => (running ??= pollAll().finally(() => (running = undefined)));

  return {
    name: 'inbox',
    pollNow,
    async start() {
      if (started || (!ports.mailboxes.length && !ports.registered)) return;
      started = true;
      stopping = false;
      const tick = () => {
        timer = setTimeout(() => void pollNow().finally(() => !stopping && tick()), ports.intervalMs);
        timer.unref();
      };
      void pollNow();
      tick();
    },
    async stop() {
      stopping = true;
      started = false;
      if (timer) clearTimeout(timer);
      await running;
      for (const mailbox of ports.mailboxes) await mailbox.reader.close();
      for (const kept of opened.values()) await kept.reader.close();
      opened.clear();
    },
  };
}
