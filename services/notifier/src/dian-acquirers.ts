import { createDianSoapClient } from '@fe/dian-client';
import type { TenantDirectory } from '@fe/tenancy';
import type { AcquirerDirectory } from './ports/acquirer-directory.ts';

/**
 * The notifier's AcquirerDirectory on DIAN's GetAcquirer (annex §9.1), asked with the tenant's own
 * certificate (WS-Security) at the endpoint its submissions go to.
 */
export function dianAcquirers(deps: {
  tenants: Pick<TenantDirectory, 'profile' | 'credential'>;
  endpoints: { habilitacion: string; production: string };
  now: () => Date;
}): AcquirerDirectory {
  return {
    async receptionEmail({ tenantId, documentType, documentNumber }) {
      const [profile, credential] = await Promise.all([
        deps.tenants.profile(tenantId),
        deps.tenants.credential(tenantId, deps.now()),
      ]);
      if (!profile || !credential)
        return { email: undefined, detail: 'the tenant has no certificate to ask DIAN with' };
      const endpoint = profile.environment === '1' ? deps.endpoints.production : deps.endpoints.habilitacion;
      const leaf = credential.chain[0];
      const client = createDianSoapClient({
        endpoint,
        credential: { privateKey: credential.privateKey, certificateDer: leaf.der },
        keepAliveMs: 0,
        timeoutMs: 20_000,
        now: deps.now,
      });
      const answer = await client.getAcquirer({
        identificationType: documentType,
        identificationNumber: documentNumber,
      });
      return answer.receiverEmail
        ? { email: answer.receiverEmail, detail: `GetAcquirer ${answer.statusCode ?? ''}`.trim() }
        : {
            email: undefined,
            detail: `DIAN's GetAcquirer knows no reception address (${answer.statusCode ?? 'no code'}: ${answer.message ?? ''})`,
          };
    },
  };
}
