import type { InvoiceRequestedV1 } from '@fe/contracts';
import { verifyEventStore, type AuditFinding } from '@fe/platform';
import type { AuditSources, DianAnchor } from './embedded-data.ts';
import { numberingGaps } from './numbering-gaps.ts';
import { verifyInvoice, type TenantTrust } from './verify-invoice.ts';

export type AuditReport = {
  findings: AuditFinding[];
  invoices: number;
  events: number;
  head: bigint;
  checkpoints: number;
  uncovered: number;
  /** Whether the checkpoints were checked under a key the auditor gave, not the one the store names. */
  pinned: boolean;
  /** Where the certificates DIAN's answers were checked against came from; undefined: none, each answer only against its own certificate. */
  dianAnchor: string | undefined;
};

/**
 * `fe audit verify`'s walk (docs/platform.md, "Audit"): the store's chains and signed checkpoints,
 * then every invoice's documents and DIAN's answers, then the numbering. Sequential on purpose: an
 * audit reads a live store and should not crowd the service.
 */
export async function auditStore(sources: AuditSources, pinnedPublicKeyPem: string | undefined, dianAnchor: DianAnchor | undefined): Promise<AuditReport> {
  const store = await verifyEventStore(sources.store, await sources.checkpoints.all(), pinnedPublicKeyPem);
  const findings = [...store.findings];
  const trust = trustCache(sources);
  const used: { tenantId: string; prefix: string; number: bigint }[] = [];
  let invoices = 0;
  for (const [stream, events] of store.streams) {
    const first = events[0]?.envelope;
    if (first?.type !== 'InvoiceRequested') continue;
    invoices++;
    const data = first.data as InvoiceRequestedV1['data'];
    if (/^\d+$/.test(data.number ?? '')) used.push({ tenantId: first.tenant_id, prefix: data.prefix, number: BigInt(data.number) });
    findings.push(...await verifyInvoice(stream, events, sources.blobs, trust, dianAnchor?.pem));
  }
  findings.push(...numberingGaps(used));
  return {
    findings, invoices, events: store.events, head: store.head, checkpoints: store.checkpoints, uncovered: store.uncovered,
    pinned: pinnedPublicKeyPem !== undefined, dianAnchor: dianAnchor?.source,
  };
}

/** Trusted CAs and technical keys, asked once per tenant and resolution. */
function trustCache(sources: AuditSources): (requested: InvoiceRequestedV1) => Promise<TenantTrust> {
  const cached = new Map<string, Promise<TenantTrust>>();
  return (requested) => {
    const key = `${requested.tenant_id}\u0000${requested.data.resolution_id}`;
    let found = cached.get(key);
    if (!found) {
      found = (async (): Promise<TenantTrust> => {
        if (!sources.tenants) return { trustedPem: undefined, technicalKey: undefined };
        const [pems, profile] = await Promise.all([sources.tenants.trustedCaPems(requested.tenant_id), sources.tenants.profile(requested.tenant_id)]);
        const resolution = profile?.resolutions.find((r) => r.id === requested.data.resolution_id);
        return { trustedPem: pems.length ? pems.join('\n') : undefined, technicalKey: resolution?.technicalKey };
      })();
      cached.set(key, found);
    }
    return found;
  };
}
