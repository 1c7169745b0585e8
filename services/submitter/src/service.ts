import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { topology, type InvoiceAcceptedV1, type InvoiceEvent, type InvoiceRadianEventRequestedV1 } from '@fe/contracts';
import { colombiaDateTime } from '@fe/dian-domain';
import {
  subscribeInvoiceEvents,
  type BlobStore,
  type Clock,
  type EventBus,
  type EventStore,
  type Logger,
  type ServiceModule,
  type Subscription,
} from '@fe/platform';
import { inSpan, tracerFor } from '@fe/telemetry';
import type { TenantDirectory } from '@fe/tenancy';
import { createTenantSlots, type TenantSlots } from './concurrency/tenant-slots.ts';
import type { SubmitterConfig } from './config.ts';
import {
  createGatewayCache,
  type FileCounter,
  type GatewayCache,
  DianClientError,
  isLoopbackEndpoint,
} from '@fe/dian-client';
import { answerTrust } from './on-invoice-signed/answer-trust.ts';
import { createSubmissionHandler, type TestSetLookup } from './on-invoice-signed/handler.ts';
import { retryDelayMs } from './on-invoice-signed/retry-policy.ts';
import type { SubmissionSchedule } from './schedule/submission-schedule.ts';
import { startSweeper, type Sweeper } from './schedule/sweeper.ts';
import type { EventCheckSchedule } from './event-checks/event-check-schedule.ts';
import { createEventCheckHandler } from './on-event-check/handler.ts';
import { onInvoiceAccepted } from './on-invoice-accepted/handler.ts';
import { onRadianEventRequested } from './on-radian-event-requested/handler.ts';
import { onReceivedInvoiceEventRequested } from './on-received-invoice-event/handler.ts';

export type SubmitterPorts = {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  tenants: TenantDirectory;
  clock: Clock;
  logger: Logger;
  /** The durable retry schedule; the composition root opens it and closes it after `stop()`. */
  schedule: SubmissionSchedule;
  /** When to ask DIAN next for each followed invoice's RADIAN events (docs/radian.md); closed like `schedule`. */
  eventChecks: EventCheckSchedule;
  /** The issuer's file counter every zip and XML sent to DIAN is named from; closed like `schedule`. */
  fileCounter: FileCounter;
  /**
   * Today's Colombian date (YYYY-MM-DD), which RADIAN's deadlines are counted in; default: the clock's. A test moves it
   * as it moves the DIAN simulator's "today" (DianSimulator.setToday).
   */
  radianToday?: () => string;
  /**
   * The per-tenant cap shared by every submitter instance (`PostgresTenantSlots`, built with
   * `config.concurrencyPerTenant`); default: a cap for this process alone (the embedded shape).
   */
  slots?: TenantSlots;
  /**
   * The TestSetId a habilitación document goes with, if it is one of its tenant's test-set run
   * (`testSetLookup` of @fe/tenancy reads the run from the registry, in both shapes): it then goes
   * with SendTestSetAsync + GetStatusZip; default: none, every document with SendBillSync.
   */
  testSetFor?: TestSetLookup;
  /**
   * PEM certificates DIAN's ApplicationResponses must be signed by (or issued by), given by the
   * composition root (the embedded shape: its built-in simulator's); default: config.dianTrustedPemFile's.
   */
  trustedDianPem?: string;
};

/**
 * How much longer a claim lasts than the send it covers (ms): the send is cut by the client's timeout, measured
 * from before the claim is renewed, so another run can only take the invoice once this send is over.
 */
const SEND_LEASE_MARGIN_MS = 5_000;

export type SubmitterService = ServiceModule;

/**
 * The submitter: InvoiceSigned → DIAN → the verdict or InvoiceSubmissionFailed, retrying from a durable schedule
 * and reconciling with GetStatus whenever a send's outcome is unknown; then an accepted invoice's RADIAN events,
 * followed at DIAN on a schedule of their own.
 */
export function createSubmitterService(ports: SubmitterPorts, config: SubmitterConfig): SubmitterService {
  const logger = ports.logger; // the composition root hands in the service's child
  const policy = config.retry;
  const { schedule } = ports;
  let running:
    | {
        subscription: Subscription;
        sweeper: Sweeper;
        eventSweeper: Sweeper | undefined;
        gateways: GatewayCache;
      }
    | undefined;

  return {
    name: 'submitter',
    async start() {
      if (running) return;
      const ca = config.client.caFile ? readFileSync(config.client.caFile, 'utf8') : undefined;
      const anchor =
        ports.trustedDianPem ??
        (config.dianTrustedPemFile ? readFileSync(config.dianTrustedPemFile, 'utf8') : undefined);
      if (anchor !== undefined) checkAnchor(anchor);
      // Unchecked answers are a development convenience: only the loopback simulator may go without an anchor.
      const remote = Object.values(config.endpoints).filter((endpoint) => !isLoopbackEndpoint(endpoint));
      if (anchor === undefined && remote.length > 0)
        throw new DianClientError('DIAN_ANCHOR_REQUIRED', {
          detail: [...new Set(remote)].join(', '),
          field: 'DIAN_TRUSTED_PEM',
        });
      if (anchor === undefined)
        logger.warn(
          {},
          "no DIAN certificate configured (DIAN_TRUSTED_PEM): DIAN's answers are recorded without checking who signed them",
        );
      const gateways = createGatewayCache({
        timeoutMs: config.client.timeoutMs,
        connectTimeoutMs: config.client.connectTimeoutMs,
        timestampTtlSeconds: config.client.timestampTtlSeconds,
        keepAliveMs: config.client.keepAliveMs,
        ...(ca ? { ca } : {}),
        now: () => ports.clock.now(),
      });
      // A freed slot nudges the sweepers (declared below; no run starts before they exist).
      const nudgeAll = () => {
        sweeper.nudge();
        eventSweeper?.nudge();
      };
      const slots = ports.slots
        ? nudgingOnRelease(ports.slots, nudgeAll)
        : createTenantSlots(config.concurrencyPerTenant, nudgeAll);
      const sendLeaseMs = config.client.timeoutMs + SEND_LEASE_MARGIN_MS;
      const handler = createSubmissionHandler({
        store: ports.store,
        blobs: ports.blobs,
        tenants: ports.tenants,
        clock: ports.clock,
        logger,
        schedule,
        slots,
        gateways,
        endpoints: config.endpoints,
        fileCounter: ports.fileCounter,
        policy,
        sendLeaseMs,
        sendDeadlineMs: config.client.timeoutMs,
        random: Math.random,
        ...(ports.testSetFor ? { testSetFor: ports.testSetFor } : {}),
        ...(anchor !== undefined ? { answerTrust: answerTrust(anchor) } : {}),
      });
      const sweeper = startSweeper({
        schedule,
        slots,
        isRunning: handler.isRunning,
        clock: ports.clock,
        logger,
        // A retry the schedule starts runs outside any delivery: its own trace, found by the invoice id
        // (docs/observability.md).
        run: (invoiceId, tenantId, slot, held) =>
          inSpan(
            tracerFor('fe.submitter'),
            'fe.submitter scheduled attempt',
            {
              attributes: { 'fe.invoice_id': invoiceId, 'fe.tenant_id': tenantId },
            },
            () => handler.run(invoiceId, tenantId, slot, held),
          ),
        intervalMs: config.sweepIntervalMs,
        batch: config.sweepBatch,
        // The run holds the row under this claim until it writes it (markSending renews it for the send); a claimer
        // that died holds its rows this long.
        claimLeaseMs: sendLeaseMs,
        errorDelayMs: (failures) => retryDelayMs(policy, failures, Math.random()),
      });
      // RADIAN: each due check asks DIAN for the invoice's events under a slot of its tenant, like a submission. A
      // check makes at most six calls (the list, the documents of up to three new buyer's events, the 034, the list
      // again), each within the client's timeout.
      const checkLeaseMs = sendLeaseMs * 6;
      const checks = createEventCheckHandler({
        store: ports.store,
        blobs: ports.blobs,
        tenants: ports.tenants,
        clock: ports.clock,
        logger: logger.child({ part: 'radian' }),
        checks: ports.eventChecks,
        slots,
        gateways,
        endpoints: config.endpoints,
        fileCounter: ports.fileCounter,
        today: ports.radianToday ?? (() => colombiaDateTime(ports.clock.now()).date),
        claimLeaseMs: checkLeaseMs,
        maxIntervalMs: config.radian.maxCheckIntervalMs,
        retryAfterMs: Math.min(60_000, config.radian.maxCheckIntervalMs ?? 60_000),
        answerTrust: anchor !== undefined ? answerTrust(anchor) : undefined,
      });
      const eventSweeper = config.radian.follow
        ? startSweeper({
            schedule: {
              due: (now, limit, claim) => ports.eventChecks.due(now, limit, claim),
              release: (invoiceId, owner) => ports.eventChecks.release(invoiceId, owner),
              defer: (invoiceId, tenantId, dueAt, holder) =>
                ports.eventChecks.reschedule(invoiceId, tenantId, dueAt, holder),
              nothingDueAt: (now) => ports.eventChecks.nothingDueAt(now),
            },
            work: 'RADIAN event check',
            slots,
            isRunning: checks.isRunning,
            clock: ports.clock,
            logger,
            run: (invoiceId, tenantId, slot, held) =>
              inSpan(
                tracerFor('fe.submitter'),
                'fe.submitter RADIAN event check',
                { attributes: { 'fe.invoice_id': invoiceId, 'fe.tenant_id': tenantId } },
                () => checks.run(invoiceId, tenantId, slot, held),
              ),
            intervalMs: config.radian.sweepIntervalMs,
            batch: config.sweepBatch,
            claimLeaseMs: checkLeaseMs,
            errorDelayMs: (failures) => retryDelayMs(policy, failures, Math.random()),
          })
        : undefined;
      const follow = onInvoiceAccepted({
        store: ports.store,
        checks: ports.eventChecks,
        clock: ports.clock,
        logger: logger.child({ part: 'radian' }),
        maxIntervalMs: config.radian.maxCheckIntervalMs,
      });
      // The seller's 034, 036 or 037, asked through the API or the portal (docs/radian.md, "The seller's requests").
      const requested = onRadianEventRequested({
        store: ports.store,
        blobs: ports.blobs,
        tenants: ports.tenants,
        clock: ports.clock,
        logger: logger.child({ part: 'radian' }),
        slots,
        gateways,
        endpoints: config.endpoints,
        fileCounter: ports.fileCounter,
        checks,
        answerTrust: anchor !== undefined ? answerTrust(anchor) : undefined,
      });
      // The buyer's side: the tenant's own 030–033 on a supplier's invoice, under the same slots (docs/radian.md).
      const buyerEvents = onReceivedInvoiceEventRequested({
        store: ports.store,
        blobs: ports.blobs,
        tenants: ports.tenants,
        clock: ports.clock,
        logger: logger.child({ part: 'buyer-events' }),
        slots,
        gateways,
        endpoints: config.endpoints,
        fileCounter: ports.fileCounter,
        answerTrust: anchor !== undefined ? answerTrust(anchor) : undefined,
      });
      // Both triggers ask the same question; the Failed reaction re-creates a retry row that a crash lost.
      const react = async (event: InvoiceEvent) => {
        if (!event.invoice_id)
          return void logger.warn(
            { event_id: event.id, type: event.type },
            'invoice event without invoice_id; skipped',
          );
        const result = await handler.run(event.invoice_id, event.tenant_id);
        if (result === 'deferred') sweeper.nudge();
      };
      let subscription: Subscription;
      try {
        subscription = await subscribeInvoiceEvents(ports.bus, {
          group: topology.submitter.consumerGroup ?? 'fe.submitter',
          logger,
          // An operator's re-drive of another step is that step's; decide() tells them apart.
          handlers: {
            InvoiceSigned: react,
            InvoiceSubmissionFailed: react,
            InvoiceRedriveRequested: react,
            InvoiceRadianEventRequested: async (event: InvoiceEvent) => {
              if (event.invoice_id) await requested(event as InvoiceRadianEventRequestedV1);
            },
            ReceivedInvoiceEventRequested: buyerEvents,
            // DIAN's acceptance (this service's own event) starts following the invoice's RADIAN events.
            ...(config.radian.follow
              ? {
                  InvoiceAccepted: async (event: InvoiceEvent) => {
                    if (event.invoice_id) await follow(event as InvoiceAcceptedV1);
                  },
                }
              : {}),
          },
        });
      } catch (error) {
        await sweeper.stop();
        await eventSweeper?.stop();
        throw error;
      }
      running = { subscription, sweeper, eventSweeper, gateways };
      sweeper.nudge(); // work left from before a restart
      eventSweeper?.nudge();
      logger.info(
        { concurrency_per_tenant: config.concurrencyPerTenant, max_attempts: policy.maxAttempts },
        'submitter started',
      );
    },
    async stop() {
      if (!running) return;
      const { subscription, sweeper, eventSweeper, gateways } = running;
      running = undefined;
      await subscription.stop();
      await sweeper.stop();
      await eventSweeper?.stop();
      gateways.clear();
      logger.info({}, 'submitter stopped');
    },
  };
}

/** A shared slot table does not know this instance's sweeper: a slot freed here still nudges it. */
function nudgingOnRelease(slots: TenantSlots, nudge: () => void): TenantSlots {
  return {
    async tryAcquire(tenantId) {
      const release = await slots.tryAcquire(tenantId);
      return (
        release &&
        (async () => {
          await release();
          nudge();
        })
      );
    },
    get inUse() {
      return slots.inUse;
    },
  };
}

/**
 * Every certificate of the anchor readable, and at least one: else the start fails (DIAN_ANCHOR_INVALID), not each
 * answer.
 */
function checkAnchor(pem: string): void {
  const certificates = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  try {
    for (const certificate of certificates) new X509Certificate(certificate);
  } catch {
    throw new DianClientError('DIAN_ANCHOR_INVALID');
  }
  if (!certificates.length) throw new DianClientError('DIAN_ANCHOR_INVALID');
}
