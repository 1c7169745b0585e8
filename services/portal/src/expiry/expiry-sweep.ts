import type { Clock, Logger } from '@fe/platform';
import { certificateExpiry, certificateRevoked, type CertificateWarningKind, type TenantRegistry } from '@fe/tenancy';
import type { AccountStore } from '../ports/account-store.ts';
import type { ExpiryWarningStore } from '../ports/expiry-warning-store.ts';
import type { MailSender } from '../ports/mail-sender.ts';
import { expiryMail } from './expiry-mail.ts';

export type ExpirySweepPorts = {
  registry: Pick<TenantRegistry, 'certificateValidities' | 'profile' | 'certificateRevocation'>;
  accounts: Pick<AccountStore, 'confirmedEmailsOf'>;
  warnings: ExpiryWarningStore;
  mail: MailSender;
  clock: Clock;
  logger: Logger;
  /** Read at each mail: the embedded shape knows its port only once it listens. */
  baseUrl: () => string;
};

/**
 * One pass over every stored certificate: a certificate past a threshold (30, 7, 1 days, expired), or revoked by its
 * CA (asked through the registry's cached revocation check), whose warning was not recorded yet gets it recorded,
 * then mailed to its tenant's confirmed account (the company's e-mail when it has none). The record comes first, so
 * a second process or a rerun mails nothing; a mail that fails gives the record back for the next pass. Returns how
 * many warnings were mailed.
 */
export async function sweepCertificateExpiries(ports: ExpirySweepPorts): Promise<number> {
  const { registry, accounts, warnings, mail, clock, logger } = ports;
  let mailed = 0;
  for (const validity of await registry.certificateValidities()) {
    const now = clock.now();
    const expiry = certificateExpiry(validity.notAfter, now);
    const revoked = expiry.state !== 'expired' && (await certificateRevoked(registry, validity.tenantId, now));
    const threshold: CertificateWarningKind | undefined = revoked ? 'revoked' : expiry.threshold;
    if (!threshold) continue;
    const profile = await registry.profile(validity.tenantId);
    if (!profile) continue;
    const recipients = await accounts.confirmedEmailsOf(validity.tenantId);
    if (!recipients.length && profile.tenant.email) recipients.push(profile.tenant.email);
    const fields = { tenant: validity.tenantId, generation: validity.generation, threshold };
    if (!recipients.length) {
      logger.warn(fields, 'certificate expiry warning not mailed: the tenant has no account or e-mail');
      continue;
    }
    const warning = { tenantId: validity.tenantId, generation: validity.generation, threshold };
    if (!(await warnings.claim(warning, now))) continue;
    const message = expiryMail(profile.tenant, expiry, ports.baseUrl(), revoked);
    try {
      for (const to of recipients) await mail.send({ to, ...message });
    } catch (error) {
      // The code, never the message: an SMTP reply may quote the address.
      logger.error({ ...fields, code: (error as { code?: string }).code }, 'certificate expiry warning not sent');
      await warnings.release(warning);
      continue;
    }
    mailed += 1;
    logger.info({ ...fields, days_left: expiry.daysLeft }, 'certificate expiry warning mailed');
  }
  return mailed;
}

/**
 * Runs the sweep now and every `intervalMs` (passes never overlap); a failed pass is logged and the next one tries
 * again. The returned function stops it and waits for a pass under way.
 */
export function startExpirySweep(ports: ExpirySweepPorts, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const pass = () => {
    if (busy) return;
    busy = true;
    running = sweepCertificateExpiries(ports)
      .catch((error: unknown) =>
        ports.logger.error(
          { err: { name: (error as Error).name, code: (error as { code?: string }).code } },
          'certificate expiry sweep failed',
        ),
      )
      .finally(() => (busy = false));
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
