import type { Clock, Logger } from '@fe/platform';
import type { TenantCommands, TenantRegistry } from '@fe/tenancy';
import type { PortalConfig } from './config.ts';
import type { AccountStore } from './ports/account-store.ts';
import type { AttemptStore } from './ports/attempt-store.ts';
import type { ContingencyQueue } from './ports/contingency-queue.ts';
import type { ExpiryWarningStore } from './ports/expiry-warning-store.ts';
import type { InvoiceList } from './ports/invoice-list.ts';
import type { MailSender } from './ports/mail-sender.ts';
import type { TestSetRunner } from './ports/test-set-runner.ts';
import type { IssueThroughApi } from './ports/issue-through-api.ts';
import type { NumberingRanges } from './ports/numbering-ranges.ts';
import type { RedriveInvoice } from './ports/redrive.ts';
import type { PortalRadianEvents } from './ports/radian-events.ts';
import type { TestCertificates } from './ports/test-certificates.ts';
import type { ReceivedInvoices, ReceptionMailboxStore } from '@fe/received-invoices';

/** What the portal runs on: its ports, filled by a composition root (services/all-in-one). */
export type PortalDeps = {
  accounts: AccountStore;
  /** Login failures and form posts: shared by every portal instance, so the lockout holds across them. */
  attempts: AttemptStore;
  registry: TenantRegistry;
  commands: TenantCommands;
  invoices: InvoiceList;
  mail: MailSender;
  /** Absent: the test-set step explains how an operator records DIAN's acceptance instead. */
  testSets?: TestSetRunner;
  /**
   * The service's own API (POST /invoice) with the tenant's key, as the habilitación run issues: the form of a sale
   * documented on paper (type 03); absent: no such form.
   */
  issue?: IssueThroughApi;
  /** Absent: the resolution is typed only. */
  numberingRanges?: NumberingRanges;
  /** Absent: the certificate step offers no test certificate (only the built-in simulator trusts one). */
  testCertificates?: TestCertificates;
  /** Absent: the invoice page shows a failed step without the re-drive button (the operator uses `pnpm fe redrive`). */
  redrive?: RedriveInvoice;
  /** Absent: the invoice page shows the buyer's RADIAN answer without the buttons for the seller's events. */
  radianEvents?: PortalRadianEvents;
  /**
   * The record of the certificate expiry warnings mailed, shared by every portal process; absent: no warning is mailed
   * (the banner still shows).
   */
  expiryWarnings?: ExpiryWarningStore;
  /**
   * The tenant's untransmitted contingency invoices: the banner above its pages and, with `expiryWarnings`, the mail
   * before the earliest window ends (docs/contingency.md); absent: neither.
   */
  contingency?: ContingencyQueue;
  /** Absent: no "Facturas recibidas" pages (docs/radian.md, "The buyer's side"). */
  receivedInvoices?: ReceivedInvoices;
  /** Absent: the page offers no reception mailbox form (the API still sets it). */
  receptionMailboxes?: ReceptionMailboxStore;
  clock: Clock;
  logger: Logger;
  config: PortalConfig;
  /**
   * 32 bytes that key the CSRF tokens and the attempt store's keys (a file in the data folder, like the master key).
   */
  csrfKey: Uint8Array;
  /** The service's public URL, for the links in mails (`${baseUrl}/admin/confirm?token=…`). */
  baseUrl: string;
};
