/** A tenant's reception mailbox: where its suppliers mail their invoices (docs/mailbox.md). */
export type ReceptionMailboxSettings = { url: string; user: string; folder: string };

/**
 * The reception mailboxes the tenants registered, the password sealed at rest under the master key (as the .p12's)
 * and opened only for the poller; `get` never returns it.
 *
 *   await mailboxes.set('acme', { url: 'imaps://mail.acme.co', user: 'recepcion@acme.co', folder: 'INBOX' }, pw, now);
 *   for (const m of await mailboxes.all()) reader(m.settings, m.password);
 */
export interface ReceptionMailboxStore {
  set(tenantId: string, settings: ReceptionMailboxSettings, password: string, at: Date): Promise<void>;
  /** False when the tenant had none. */
  remove(tenantId: string): Promise<boolean>;
  get(tenantId: string): Promise<(ReceptionMailboxSettings & { updatedAt: Date }) | undefined>;
  /** Every tenant's, with the password opened: for the poller only, never logged. */
  all(): Promise<{ tenantId: string; settings: ReceptionMailboxSettings; password: string; updatedAt: Date }[]>;
  close(): Promise<void>;
}

/** The sealed password's context: a value copied to another tenant's row does not open. */
export const passwordContext = (tenantId: string): string => `reception-mailbox:${tenantId}`;
