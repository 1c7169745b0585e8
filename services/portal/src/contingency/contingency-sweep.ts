import { contingencyAlarmDue } from '@fe/invoice-status';
import type { Clock } from '@fe/platform';
import type { TenantRegistry } from '@fe/tenancy';
import { mailWarningOnce, type WarningMailPorts } from '../expiry/mail-warning-once.ts';
import type { ContingencyQueue } from '../ports/contingency-queue.ts';
import { contingencyMail } from './contingency-mail.ts';
import { contingencyStanding } from './contingency-words.ts';

export type ContingencySweepPorts = WarningMailPorts & {
  registry: Pick<TenantRegistry, 'certificateValidities' | 'profile'>;
  contingency: ContingencyQueue;
  clock: Clock;
  baseUrl: () => string;
};

/**
 * One pass over the tenants' contingency queues (docs/contingency.md, "The deadline"): a tenant whose earliest
 * untransmitted invoice ends its window within `alarmHours` (or has) is mailed once per batch. The queue is recorded
 * under its head: when the head was mailed about already, the invoices behind it join that batch, so as the queue
 * drains nothing is mailed again, by this process or another. Returns how many tenants were mailed.
 */
export async function sweepContingencyDeadlines(ports: ContingencySweepPorts): Promise<number> {
  const { registry, contingency, clock, logger } = ports;
  // A tenant that issued a contingency invoice signed it: only tenants with a stored certificate can have any.
  const tenants = new Set((await registry.certificateValidities()).map((v) => v.tenantId));
  let mailed = 0;
  for (const tenantId of tenants) {
    const now = clock.now();
    const queue = await contingency.untransmitted(tenantId);
    const standing = contingencyStanding(queue, now);
    if (!standing || !contingencyAlarmDue(queue, now, contingency.alarmHours)) continue;
    const fields = { tenant: tenantId, untransmitted: standing.count, first: standing.earliest.number };
    const [head, ...rest] = queue.map((invoice) => ({
      tenantId,
      generation: 0,
      threshold: `contingency:${invoice.number}` as const,
    }));
    const sent = await mailWarningOnce(
      ports,
      {
        tenantId,
        claims: [head!, ...rest],
        write: (tenant) => contingencyMail(tenant, standing, ports.baseUrl()),
        label: 'contingency deadline warning',
        fields,
      },
      now,
    );
    if (!sent) continue;
    mailed += 1;
    logger.info(
      { ...fields, transmit_by: standing.earliest.transmitBy.toISOString() },
      'contingency deadline warning mailed',
    );
  }
  return mailed;
}
