import type { TenantReadinessResponse } from '@fe/contracts';
import type { Clock } from '@fe/platform';
import { certificateExpiry, type TenantRegistry } from '@fe/tenancy';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { readyCertificateChain, type CertificateRevocation } from '../request-invoice/ready-profile.ts';
import { contingencyDeadlineWarning, type ContingencyDeadlinePorts } from './contingency-deadline.ts';

export type TenantReadinessPorts = {
  /**
   * The registry: the checks of TENANT_NOT_READY, the stored certificate's end and its revocation, read from what is
   * stored beside the sealed .p12 (its key is never derived here).
   */
  tenants: Pick<TenantRegistry, 'profile' | 'certificateValidities' | 'certificateRevocation'>;
  clock: Clock;
  /** The contingency queue's deadline (docs/contingency.md); absent: not looked at. */
  contingency?: (ContingencyDeadlinePorts & { alarmHours: number }) | undefined;
};

// Soft-fail (docs/choices.md): the certificate signs meanwhile, and DIAN would answer ZD04 if it were revoked.
const REVOCATION_UNKNOWN =
  'La entidad de certificación no respondió si el certificado de firma está revocado: se sigue firmando, y se le ' +
  'preguntará de nuevo en unos minutos. Si lo revocó, la DIAN rechazará las facturas (regla ZD04).';

const bogota = (at: Date) =>
  at.toLocaleString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' });

/**
 * GET …/tenant/readiness (docs/api.md, "Tenant readiness"): the same checks a document meets (readyProfile, the
 * certificate judged from its stored chain), and the certificate's days left, a warning within 30, 7 and 1 days that
 * never fails readiness before the end, and one when its CA could not say whether it is revoked.
 */
export function tenantReadinessRoute(ports: TenantReadinessPorts): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/v1/service/tenant/readiness', async (request) => {
      const missing: string[] = [];
      let revocation: CertificateRevocation;
      try {
        revocation = await readyCertificateChain(ports, request.tenantId);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'TENANT_NOT_READY') throw error; // 503 for a store outage
        missing.push(...error.details.map((d) => d.message));
      }
      const [stored] = await ports.tenants.certificateValidities(request.tenantId);
      const expiry = stored && certificateExpiry(stored.notAfter, ports.clock.now());
      const threshold = expiry?.threshold;
      const warnings: TenantReadinessResponse['warnings'] =
        threshold && threshold !== 'expired'
          ? [
              {
                code: 'CERTIFICATE_EXPIRING',
                threshold_days: threshold,
                message: `El certificado de firma vence el ${bogota(expiry.notAfter)} (hora de Colombia): cargue uno vigente antes de esa fecha.`,
              },
            ]
          : [];
      if (revocation?.status === 'unknown')
        warnings.push({ code: 'CERTIFICATE_REVOCATION_UNKNOWN', message: REVOCATION_UNKNOWN });
      const contingency = ports.contingency;
      const late =
        contingency &&
        (await contingencyDeadlineWarning(contingency, request.tenantId, ports.clock.now(), contingency.alarmHours));
      if (late) warnings.push(late);
      const answer: TenantReadinessResponse = {
        status: missing.length ? 'not_ready' : warnings.length ? 'ready_with_warnings' : 'ready',
        missing,
        ...(expiry
          ? { certificate_not_after: expiry.notAfter.toISOString(), certificate_expires_in_days: expiry.daysLeft }
          : {}),
        warnings,
      };
      return answer;
    });
  };
}
