import { createHash } from 'node:crypto';
import type { SigningCredential } from '@fe/xades';
import { createDianSoapClient, type DianSoapClientOptions } from '../dian-soap/soap-client.ts';
import type { DianGateway } from '../ports/dian-gateway.ts';

export type GatewayClientOptions = Omit<DianSoapClientOptions, 'endpoint' | 'credential'>;

/**
 * One DianGateway per tenant and endpoint, built once and reused (the SOAP client is stateless
 * between calls, so reuse only saves rebuilding it). A tenant that uploads a new certificate gets a
 * new gateway: the entry is keyed by the certificate's fingerprint too, and replaced, so the cache
 * holds at most one gateway per tenant and endpoint. The key never holds key material.
 *
 *   const gateways = createGatewayCache({ timeoutMs: 30_000, now: () => clock.now() });
 *   const dian = gateways.forTenant('demo', endpoint, credential);
 */
export type GatewayCache = {
  forTenant(tenantId: string, endpoint: string, credential: SigningCredential): DianGateway;
  readonly size: number;
  clear(): void;
};

export function createGatewayCache(
  options: GatewayClientOptions,
  factory: (options: DianSoapClientOptions) => DianGateway = createDianSoapClient,
): GatewayCache {
  const entries = new Map<string, { fingerprint: string; gateway: DianGateway }>();
  return {
    forTenant(tenantId, endpoint, credential) {
      const leaf = credential.chain[0];
      const fingerprint = createHash('sha256').update(leaf.der).digest('hex');
      const key = `${tenantId}\n${endpoint}`;
      const cached = entries.get(key);
      if (cached?.fingerprint === fingerprint) return cached.gateway;
      const gateway = factory({
        ...options,
        endpoint,
        credential: { privateKey: credential.privateKey, certificateDer: leaf.der },
      });
      entries.set(key, { fingerprint, gateway });
      return gateway;
    },
    get size() {
      return entries.size;
    },
    clear: () => entries.clear(),
  };
}
