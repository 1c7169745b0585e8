import type { Clock } from '@fe/platform';
import { certificateExpiry, certificateRevoked, type CertificateWarningKind, type TenantRegistry } from '@fe/tenancy';
import { sweepContingencyDeadlines } from '../contingency/contingency-sweep.ts';
import type { ContingencyQueue } from '../ports/contingency-queue.ts';
import { mailWarningOnce, type WarningMailPorts } from './mail-warning-once.ts';
import { expiryMail } from './expiry-mail.ts';

export type ExpirySweepPorts = WarningMailPorts & {
  registry: Pick<TenantRegistry, 'certificateValidities' | 'profile' | 'certificateRevocation'>;
  clock: Clock;
  /** Read at each mail: the embedded shape knows its port only once it listens. */
  baseUrl: () => string;
  /** Absent: the pass mails no contingency deadline (docs/contingency.md). */
  contingency?: ContingencyQueue | undefined;
};

/**
 * One pass over every stored certificate: a certificate past a threshold (30, 7, 1 days, expired), or revoked by its
 * CA (asked through the registry's cached revocation check), whose warning was not recorded yet gets it recorded,
 * then mailed to its tenant's confirmed account (the company's e-mail when it has none). The record comes first, so
 * a second process or a rerun mails nothing; a mail that fails gives the record back for the next pass. Returns how
 * many warnings were mailed.
 */
export async function sweepCertificateExpiries(ports: ExpirySweepPorts): Promise<number> {
  const { registry, clock, logger } = ports;
  let mailed = 0;
  for (const validity of await registry.certificateValidities()) {
    const now = clock.now();
    const expiry = certificateExpiry(validity.notAfter, now);
    const revoked = expiry.state !== 'expired' && (await certificateRevoked(registry, validity.tenantId, now));
    const threshold: CertificateWarningKind | undefined = revoked ? 'revoked' : expiry.threshold;
    if (!threshold) continue;
    const fields = { tenant: validity.tenantId, generation: validity.generation, threshold };
    const sent = await mailWarningOnce(
      ports,
      {
        tenantId: validity.tenantId,
        claims: [{ tenantId: validity.tenantId, generation: validity.generation, threshold }],
        write: (tenant) => expiryMail(tenant, expiry, ports.baseUrl(), revoked),
        label: 'certificate expiry warning',
        fields,
      },
      now,
    );
    if (!sent) continue;
    mailed += 1;
    logger.info({ ...fields, days_left: expiry.daysLeft }, 'certificate expiry warning mailed');
  }
  return mailed;
}

/**
 * Runs the sweep now and every `intervalMs` (passes never overlap), the contingency deadlines' after the
 * certificates'; a failed pass is logged and the next one tries again. The returned function stops it and waits for a
 * pass under way.
 */
export function startExpirySweep(ports: ExpirySweepPorts, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const guarded = (what: string, run: () => Promise<unknown>) =>
    run().catch((error: unknown) =>
      ports.logger.error(
        { err: { name: (error as Error).name, code: (error as { code?: string }).code } },
        `${what} sweep failed`,
      ),
    );
  const pass = () => {
    if (busy) return;
    busy = true;
    const contingency = ports.contingency;
    running = guarded('certificate expiry', () => sweepCertificateExpiries(ports))
      .then(
        () =>
          contingency && guarded('contingency deadline', () => sweepContingencyDeadlines({ ...ports, contingency })),
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
