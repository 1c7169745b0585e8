import type { PortalDeps } from '../portal-deps.ts';
import { contingencyStanding, type ContingencyStanding } from './contingency-words.ts';

/**
 * The tenant's untransmitted contingency invoices now, for the banner; undefined without any or without the queue. A
 * store that does not answer leaves the banner out (logged) rather than the page.
 */
export async function currentContingency(
  deps: Pick<PortalDeps, 'contingency' | 'clock' | 'logger'>,
  tenantId: string,
): Promise<ContingencyStanding | undefined> {
  if (!deps.contingency) return undefined;
  try {
    return contingencyStanding(await deps.contingency.untransmitted(tenantId), deps.clock.now());
  } catch (error) {
    deps.logger.warn(
      { err: { name: (error as Error).name, code: (error as { code?: string }).code } },
      'contingency banner left out: the invoice store did not answer',
    );
    return undefined;
  }
}
