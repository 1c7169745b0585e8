import type { NumberingRanges } from '../ports/numbering-ranges.ts';
import { createDianSoapClient } from '@fe/dian-client';
import type { TenantRegistry } from '@fe/tenancy';
import { isXadesError } from '@fe/xades';
import { certificateRefusals, dianFailureText } from '../pages/messages.ts';

/**
 * The portal's GetNumberingRange, signed with the tenant's certificate at the endpoint its submissions go to;
 * DIAN's answer is shown as it came.
 */
export function dianNumberingRanges(options: {
  registry: TenantRegistry;
  endpoints: () => { habilitacion: string; production: string };
  /** Extra trusted CA (PEM) for an https endpoint (DIAN_CA_FILE's contents). */
  ca?: string;
  now: () => Date;
}): NumberingRanges {
  return {
    async lookup(tenantId) {
      const profile = await options.registry.profile(tenantId);
      let credential;
      try {
        credential = profile && (await options.registry.credential(tenantId, options.now()));
      } catch (error) {
        // the stored certificate expired or cannot be opened any more: said as on upload, never a fault page
        const words = isXadesError(error) ? certificateRefusals[error.code] : undefined;
        if (!words) throw error;
        return { ok: false, message: `${words.text} La consulta a la DIAN va firmada con él.` };
      }
      if (!profile || !credential)
        return { ok: false, message: 'Primero cargue el certificado: la consulta a la DIAN va firmada con él.' };
      const endpoints = options.endpoints();
      try {
        const client = createDianSoapClient({
          endpoint: profile.environment === '1' ? endpoints.production : endpoints.habilitacion,
          credential: { privateKey: credential.privateKey, certificateDer: credential.chain[0].der },
          keepAliveMs: 0,
          timeoutMs: 15_000,
          now: options.now,
          ...(options.ca ? { ca: options.ca } : {}),
        });
        const answer = await client.getNumberingRange({
          accountCode: profile.tenant.nit,
          accountCodeT: profile.software.providerNit,
          softwareCode: profile.software.id,
        });
        if (answer.operationCode !== '100')
          return {
            ok: false,
            message: `La DIAN respondió: ${answer.operationDescription ?? answer.operationCode ?? 'sin descripción'}`,
          };
        return {
          ok: true,
          ranges: answer.ranges.map((r) => ({
            authorizationNumber: r.resolutionNumber ?? '',
            prefix: r.prefix ?? '',
            from: r.fromNumber ?? '',
            to: r.toNumber ?? '',
            startDate: r.validDateFrom ?? '',
            endDate: r.validDateTo ?? '',
            technicalKey: (r.technicalKey ?? '').toLowerCase(),
          })),
        };
      } catch (error) {
        return {
          ok: false,
          message: `No pudimos consultar a la DIAN. ${dianFailureText((error as { code?: string }).code ?? 'CONNECTION_FAILED')} Mientras tanto, puede escribir la resolución a mano.`,
        };
      }
    },
  };
}
