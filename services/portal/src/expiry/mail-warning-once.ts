import type { Logger } from '@fe/platform';
import type { TenantProfile, TenantRegistry } from '@fe/tenancy';
import type { AccountStore } from '../ports/account-store.ts';
import type { ExpiryWarning, ExpiryWarningStore } from '../ports/expiry-warning-store.ts';
import type { MailSender } from '../ports/mail-sender.ts';

export type WarningMailPorts = {
  registry: Pick<TenantRegistry, 'profile'>;
  accounts: Pick<AccountStore, 'confirmedEmailsOf'>;
  warnings: ExpiryWarningStore;
  mail: MailSender;
  logger: Logger;
};

/**
 * Mails a tenant's warning to its confirmed accounts (the company's e-mail when it has none) once: `claims[0]` is
 * recorded first, and a caller that did not record it mails nothing. The other claims are recorded with it whether or
 * not it mails (what the warning also covers, mailed now or before). A mail that fails gives back what this call
 * recorded, for the next pass. `label` names it in the logs, which never carry an address. True when it mailed.
 */
export async function mailWarningOnce(
  ports: WarningMailPorts,
  warning: {
    tenantId: string;
    claims: readonly [ExpiryWarning, ...ExpiryWarning[]];
    write: (tenant: TenantProfile['tenant']) => { subject: string; text: string };
    label: string;
    fields: Record<string, unknown>;
  },
  now: Date,
): Promise<boolean> {
  const { registry, accounts, warnings, mail, logger } = ports;
  const profile = await registry.profile(warning.tenantId);
  if (!profile) return false;
  const recipients = await accounts.confirmedEmailsOf(warning.tenantId);
  if (!recipients.length && profile.tenant.email) recipients.push(profile.tenant.email);
  if (!recipients.length) {
    logger.warn(warning.fields, `${warning.label} not mailed: the tenant has no account or e-mail`);
    return false;
  }
  const [first, ...rest] = warning.claims;
  const mine = await warnings.claim(first, now);
  const claimed = mine ? [first] : [];
  for (const other of rest) if (await warnings.claim(other, now)) claimed.push(other);
  if (!mine) return false;
  const message = warning.write(profile.tenant);
  try {
    for (const to of recipients) await mail.send({ to, ...message });
  } catch (error) {
    // The code, never the message: an SMTP reply may quote the address.
    logger.error({ ...warning.fields, code: (error as { code?: string }).code }, `${warning.label} not sent`);
    for (const each of claimed) await warnings.release(each);
    return false;
  }
  return true;
}
