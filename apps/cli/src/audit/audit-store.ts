import { verifyEventStore, type AuditFinding, type DocumentRequested } from '@fe/platform';
import type { AuditSources, DianAnchor } from './embedded-data.ts';
import { numberingGaps } from './numbering-gaps.ts';
import { readModelFindings } from './read-model.ts';
import { repeatedCudes } from './repeated-cudes.ts';
import type { TenantTrust } from './tenant-trust.ts';
import { documentRequested, verifyInvoice } from './verify-invoice.ts';

export type AuditReport = {
  findings: AuditFinding[];
  invoices: number;
  /** Credit and debit notes: streams of their own, checked like invoices (docs/notes.md). */
  notes: number;
  events: number;
  /** RADIAN events recorded on invoices, and those the service issued with a stored document. */
  radianEvents: number;
  radianDocuments: number;
  head: bigint;
  checkpoints: number;
  uncovered: number;
  /** Whether the checkpoints were checked under a key the auditor gave, not the one the store names. */
  pinned: boolean;
  /**
   * Where the certificates DIAN's answers were checked against came from; undefined: none, each answer only against its
   * own certificate.
   */
  dianAnchor: string | undefined;
};

/**
 * `fe audit verify`'s walk (docs/audit.md): chains and checkpoints, every document and DIAN answer, then the
 * numbering. Sequential on purpose: an audit reads a live store and should not crowd the service.
 */
export async function auditStore(
  sources: AuditSources,
  pinnedPublicKeyPem: string | undefined,
  dianAnchor: DianAnchor | undefined,
): Promise<AuditReport> {
  const store = await verifyEventStore(sources.store, await sources.checkpoints.all(), pinnedPublicKeyPem);
  const findings = [...store.findings];
  const trust = trustCache(sources);
  const used: { tenantId: string; prefix: string; number: bigint }[] = [];
  const cudes: { stream: string; cude: string }[] = [];
  let invoices = 0;
  let notes = 0;
  let radianDocuments = 0;
  for (const [stream, events] of store.streams) {
    for (const { envelope } of events) {
      const data = envelope.data as { cude?: unknown; event_key?: unknown } | null;
      if (envelope.type !== 'InvoiceRadianEventRegistered' || typeof data?.cude !== 'string') continue;
      cudes.push({ stream, cude: data.cude });
      if (typeof data.event_key === 'string') radianDocuments++;
    }
    const first = documentRequested(events[0]?.envelope);
    if (!first) continue;
    if (first.type === 'InvoiceRequested') invoices++;
    else notes++;
    const data = first.data as Partial<DocumentRequested['data']>;
    if (typeof data.prefix === 'string' && /^\d+$/.test(data.number ?? ''))
      used.push({ tenantId: first.tenant_id, prefix: data.prefix, number: BigInt(data.number!) });
    findings.push(...(await verifyInvoice(stream, events, sources.blobs, trust, dianAnchor?.pem)));
  }
  findings.push(...numberingGaps(used));
  findings.push(...repeatedCudes(cudes));
  findings.push(...(await readModelFindings(sources.store, sources.liveStatus())));
  return {
    findings,
    invoices,
    notes,
    events: store.events,
    radianEvents: cudes.length,
    radianDocuments,
    head: store.head,
    checkpoints: store.checkpoints,
    uncovered: store.uncovered,
    pinned: pinnedPublicKeyPem !== undefined,
    dianAnchor: dianAnchor?.source,
  };
}

/** Trusted CAs and the CUFE/CUDE key, asked once per tenant; a note's PIN stays in memory, never in a finding. */
function trustCache(sources: AuditSources): (requested: DocumentRequested) => Promise<TenantTrust> {
  const cached = new Map<string, Promise<TenantTrust>>();
  return (requested) => {
    const resolutionId = requested.type === 'InvoiceRequested' ? requested.data.resolution_id : undefined;
    const key = `${requested.tenant_id}\u0000${resolutionId ?? '(software PIN)'}`;
    let found = cached.get(key);
    if (!found) {
      found = (async (): Promise<TenantTrust> => {
        if (!sources.tenants) return { trustedPem: undefined, technicalKey: undefined };
        const [pems, profile] = await Promise.all([
          sources.tenants.trustedCaPems(requested.tenant_id),
          sources.tenants.profile(requested.tenant_id),
        ]);
        const technicalKey =
          resolutionId === undefined
            ? profile?.software.pin
            : profile?.resolutions.find((r) => r.id === resolutionId)?.technicalKey;
        return {
          trustedPem: pems.length ? pems.join('\n') : undefined,
          technicalKey,
          softwarePin: profile?.software.pin,
          owners: profile && [profile.tenant.nit, profile.software.providerNit],
        };
      })();
      cached.set(key, found);
    }
    return found;
  };
}
