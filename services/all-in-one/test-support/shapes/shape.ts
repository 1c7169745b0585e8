// One deployment under test, embedded or distributed, as the shared end-to-end suites see it
// (test/invoice-api.e2e.test.ts on the embedded default, test/distributed-shape.e2e.test.ts on the
// processes): the API, the DIAN simulator's switches, the logs and the stores to check.
import type { EventStore } from '@fe/platform';
import { diffViews, rebuildStatusViews } from '@fe/projection';
import { SqliteStatusStore, type StatusStore } from '@fe/invoice-status';
import type { HttpClient } from '../http-client.ts';
import type { ExtraTenants } from '../extra-tenants.ts';

type ShapeName = 'embedded' | 'distributed';

/** What the simulator's buyer registers: the event, and a claim's reason or the instant when given. */
type PlayedEvent = { eventCode: string; claimReason?: string; issuedAt?: string };
type PlayedOutcome =
  { ok: true; id: string; cude: string; statusCode: string | undefined } | { ok: false; code: string; message: string };

export type Shape = HttpClient & {
  name: ShapeName;
  /** Where the (first) ingress listens. */
  url: string;
  /** The demo tenant's key. */
  apiKey: string;
  /** Tenants beside the demo: one DIAN rejects, one onboarding, one revoked. */
  extra: ExtraTenants;
  /**
   * Who serves xml_url and pdf_url: the service itself (embedded: /files, its own error codes) or
   * S3 (distributed: presigned GETs, S3's answers; docs/choices.md, "File links on S3").
   */
  files: 'service' | 's3';
  /** A folder of the test's own, removed on close. */
  scratchDir: string;
  /** The log lines (JSON text) the ingress wrote so far, every instance. */
  ingressLogs(): string[];
  /** How many ingress instances serve the API (each judges DIAN's health on its own). */
  ingressInstances(): number;
  /** Every log line of the deployment so far, every service. */
  allLogs(): string[];
  trustedCaPems(tenantId: string): Promise<string[]>;
  /** Sets a tenant's tacit acceptance (RADIAN 034): issued on its own, or offered (docs/radian.md). */
  setTacitAcceptance(tenantId: string, setting: 'automatic' | 'offer'): Promise<void>;
  /** Sets when a tenant's invoices are contingency invoices, type 04 (docs/contingency.md). */
  setContingency(tenantId: string, setting: 'off' | 'automatic' | 'on'): Promise<void>;
  /** Where the buyers' mails are written (no FE_SMTP_URL): `pnpm fe outbox`'s folder. */
  outboxDir: string;
  /** A stored file by its blob key (a signed 034, DIAN's answer); embedded only: S3 keeps the distributed shape's. */
  storedFile?(key: string): Promise<Uint8Array>;
  dian: {
    /** A fault on every request (`http503`, `latency=1500`, …; docs/dian-web-service.md), or none. */
    setFault(spec: string | undefined): Promise<void>;
    /** How often DIAN received and judged the document. */
    timesReceived(cufe: string): Promise<number>;
    /**
     * The simulator plays the invoice's buyer at RADIAN (030, 031, 032, 033; docs/dian-web-service.md, "Playing the
     * buyer"): the event's id and cude with DIAN's status code, or why it could not.
     */
    playBuyer(cufe: string, request: PlayedEvent): Promise<PlayedOutcome>;
    /**
     * Moves "today" (YYYY-MM-DD; undefined: the real date) for RADIAN's deadlines: DIAN's (the simulator's event rules)
     * and, in the embedded shape, the service's (the submitter's checks and the status). The distributed processes keep
     * the real date.
     */
    setToday(date: string | undefined): Promise<void>;
  };
  /**
   * The invoices whose live status view differs from a rebuild from the event store, once the
   * projection has caught up (tried again for `withinMs` while they differ), with both views; [] when they agree.
   */
  projectionDiff(withinMs?: number): Promise<ViewDiff[]>;
  /** Every event of the event store (an invoice's stream is its id): stream, type and the envelope's id. */
  invoiceEvents(): Promise<StoredEvent[]>;
  /** The deployment's event store, read by the test (faults/settled.ts). */
  eventStore: EventStore;
  close(): Promise<void>;
};

type InvoiceStatusView = Awaited<ReturnType<StatusStore['all']>>[number];
export type ViewDiff = {
  invoiceId: string;
  live: InvoiceStatusView | undefined;
  rebuilt: InvoiceStatusView | undefined;
};

/**
 * Rebuilds the views from `events` into a throw-away store and compares them with `live` until
 * they agree or `withinMs` passed (the projection may still be catching up); the last differences.
 */
export async function settledDiff(events: EventStore, live: StatusStore, withinMs: number): Promise<ViewDiff[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const rebuilt = new SqliteStatusStore(':memory:');
    try {
      // The live views first: a view the projection adds meanwhile then shows in both.
      const liveViews = await live.all();
      await rebuildStatusViews(events, rebuilt);
      const rebuiltViews = await rebuilt.all();
      const ids = diffViews(liveViews, rebuiltViews);
      const find = (views: InvoiceStatusView[], id: string) => views.find((view) => view.invoiceId === id);
      if (ids.length === 0 || Date.now() > deadline)
        return ids.map((invoiceId) => ({
          invoiceId,
          live: find(liveViews, invoiceId),
          rebuilt: find(rebuiltViews, invoiceId),
        }));
    } finally {
      await rebuilt.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export type StoredEvent = { stream: string; type: string; id: string };

/** Every event of `store` (its stream, type and id), read a page at a time. */
export async function invoiceEventsOf(store: EventStore): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  for (let after = 0n; ;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return found;
    for (const recorded of page)
      found.push({ stream: recorded.stream, type: recorded.envelope.type, id: recorded.envelope.id });
    after = page.at(-1)!.position;
  }
}
