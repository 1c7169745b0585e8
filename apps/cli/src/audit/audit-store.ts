import { verifyEventStore, type AuditFinding, type DocumentRequested } from '@fe/platform';
import type { AuditSources, DianAnchor } from './embedded-data.ts';
import { numberingGaps } from './numbering-gaps.ts';
import { readModelFindings } from './read-model.ts';
import { receivedListFindings } from './received-list.ts';
import { repeatedCudes } from './repeated-cudes.ts';
import type { TenantTrust } from './tenant-trust.ts';
import { documentRequested, verifyInvoice } from './verify-invoice.ts';
import { isReceivedInvoice, verifyReceived } from './verify-received.ts';

export type AuditReport = {
  findings: AuditFinding[];
  invoices: number;
  /** Credit and debit notes: streams of their own, checked like invoices (docs/notes.md). */
  notes: number;
  events: number;
  /** RADIAN events recorded on invoices, and those the service issued with a stored document. */
  radianEvents: number;
  radianDocuments: number;
  /** Invoices tenants received as buyers (their own streams), and the buyer events DIAN registered on them. */
  receivedInvoices: number;
  buyerEvents: number;
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
  let receivedInvoices = 0;
  let buyerEvents = 0;
  for (const [stream, events] of store.streams) {
    const head = events[0]?.envelope;
    if (head && isReceivedInvoice(head)) {
      receivedInvoices++;
      const received = await verifyReceived(
        stream,
        events,
        sources.blobs,
        await trust(head.tenant_id),
        dianAnchor?.pem,
      );
      findings.push(...received.findings);
      buyerEvents += received.registered.length;
      cudes.push(...received.registered.map(({ cude }) => ({ stream, cude })));
      continue;
    }
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
    const trustOf = (requested: DocumentRequested) =>
      trust(requested.tenant_id, requested.type === 'InvoiceRequested' ? requested.data.resolution_id : undefined);
    findings.push(...(await verifyInvoice(stream, events, sources.blobs, trustOf, dianAnchor?.pem)));
  }
  findings.push(...numberingGaps(used));
  findings.push(...repeatedCudes(cudes));
  findings.push(...(await readModelFindings(sources.store, sources.liveStatus())));
  findings.push(...(await receivedListFindings(sources.store, sources.liveReceived())));
  return {
    findings,
    invoices,
    notes,
    events: store.events,
    radianEvents: cudes.length,
    radianDocuments,
    receivedInvoices,
    buyerEvents,
    head: store.head,
    checkpoints: store.checkpoints,
    uncovered: store.uncovered,
    pinned: pinnedPublicKeyPem !== undefined,
    dianAnchor: dianAnchor?.source,
  };
}

/**
 * Trusted CAs and the CUFE/CUDE key (an invoice's resolution's technical key, else the software PIN), asked once per
 * tenant; a PIN stays in memory, never in a finding.
 */
function trustCache(sources: AuditSources): (tenantId: string, resolutionId?: string) => Promise<TenantTrust> {
  const cached = new Map<string, Promise<TenantTrust>>();
  return (tenantId, resolutionId) => {
    const key = `${tenantId}\u0000${resolutionId ?? '(software PIN)'}`;
    let found = cached.get(key);
    if (!found) {
      found = (async (): Promise<TenantTrust> => {
        if (!sources.tenants) return { trustedPem: undefined, technicalKey: undefined };
        const [pems, profile] = await Promise.all([
          sources.tenants.trustedCaPems(tenantId),
          sources.tenants.profile(tenantId),
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
          tenantNit: profile?.tenant.nit,
        };
      })();
      cached.set(key, found);
    }
    return found;
  };
}
