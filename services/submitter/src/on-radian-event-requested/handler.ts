import type {
  InvoiceEvent,
  InvoiceRadianEventRequestedV1,
  RadianEventAnswer,
  RadianEventRegistration,
} from '@fe/contracts';
import type { GatewayCache, FileCounter } from '@fe/dian-client';
import {
  invoiceStream,
  newInvoiceEvent,
  runReaction,
  type BlobStore,
  type Clock,
  type EventStore,
  type InvoiceState,
  type Logger,
} from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import { isXadesError } from '@fe/xades';
import type { TenantSlots } from '../concurrency/tenant-slots.ts';
import type { EventCheckHandler, TacitAcceptanceOutcome } from '../on-event-check/handler.ts';
import { registrationOf } from '../on-event-check/registrations.ts';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import { issueOwnEvent, type IssueOutcome } from '../own-events/issue-own-event.ts';
import { ownEventId, titleEventContent } from '../own-events/own-event-content.ts';
import { decideRadianRequest } from './decide.ts';

export type RadianRequestDeps = {
  store: EventStore;
  blobs: BlobStore;
  tenants: TenantDirectory;
  clock: Clock;
  logger: Logger;
  slots: TenantSlots;
  gateways: GatewayCache;
  endpoints: { habilitacion: string; production: string };
  fileCounter: FileCounter;
  /** The 034 is the event check's, with the request (it asks DIAN's list first). */
  checks: Pick<EventCheckHandler, 'requestTacitAcceptance'>;
  answerTrust?: AnswerTrust | undefined;
};

/** The answer's fields beyond request_id, code and answered_at. */
type Answer = Omit<RadianEventAnswer, 'request_id' | 'code' | 'answered_at'>;

/**
 * A seller asked for a RADIAN event (docs/radian.md, "The seller's requests"): the 034 through the event check, a 036
 * or 037 sent here; either way the request ends in one InvoiceRadianEventAnswered, recorded with the 036/037's
 * registration in one append. A redelivery finds the answer and does nothing.
 */
export function onRadianEventRequested(
  deps: RadianRequestDeps,
): (event: InvoiceRadianEventRequestedV1) => Promise<void> {
  const { store, clock } = deps;
  return async (event) => {
    const invoiceId = event.invoice_id!;
    const logger = deps.logger.child({
      invoice_id: invoiceId,
      request_id: event.data.request_id,
      code: event.data.code,
    });
    await runReaction({
      store,
      stream: invoiceId,
      fold: invoiceStream,
      decide: (state) => decideRadianRequest({ event }, state),
      act: async (decision, state) => {
        let answer: Answer;
        let registration: RadianEventRegistration | undefined;
        if (decision.action === 'answer') {
          const { action: _action, ...rest } = decision;
          answer = rest;
        } else if (decision.action === 'tacit') {
          answer = tacitAnswer(await deps.checks.requestTacitAcceptance(invoiceId, event.tenant_id));
        } else ({ answer, registration } = await sendTitleEvent(event, state, logger));
        logger.info(
          { outcome: answer.outcome, ...('rules' in answer ? { rules: answer.rules } : {}) },
          'RADIAN request answered',
        );
        const meta = {
          tenantId: event.tenant_id,
          invoiceId,
          correlationId: event.correlation_id,
          causationId: event.id,
        };
        const answered = newInvoiceEvent(
          'InvoiceRadianEventAnswered',
          {
            request_id: event.data.request_id,
            code: event.data.code,
            ...answer,
            answered_at: clock.now().toISOString(),
          },
          meta,
          clock,
        );
        const events = [
          ...(registration ? [newInvoiceEvent('InvoiceRadianEventRegistered', registration, meta, clock)] : []),
          answered,
        ] as InvoiceEvent[];
        // The 034's check appended its registration meanwhile; another writer too: append over it, unless answered.
        return {
          events,
          onConflict: (reloaded: InvoiceState) =>
            reloaded.radianAnswers.has(event.data.request_id) ? 'lost_race' : 'append_again',
        };
      },
    });
  };

  /** Signs and sends the 036 or 037 under a DIAN call slot of the tenant; what DIAN said. */
  async function sendTitleEvent(
    event: InvoiceRadianEventRequestedV1,
    state: InvoiceState,
    logger: Logger,
  ): Promise<{ answer: Answer; registration?: RadianEventRegistration }> {
    const tenantId = event.tenant_id;
    const code = event.data.code as '036' | '037';
    const profile = await deps.tenants.profile(tenantId);
    if (!profile) return { answer: { outcome: 'unavailable', reason: 'TENANT_UNKNOWN' } };
    const now = clock.now();
    let credential;
    try {
      credential = await deps.tenants.credential(tenantId, now);
    } catch (error) {
      if (!isXadesError(error)) throw error;
      logger.warn({ code: error.code }, "the tenant's certificate cannot be used");
    }
    if (!credential) return { answer: { outcome: 'unavailable', reason: 'CREDENTIAL_MISSING' } };
    const content = titleEventContent(profile.tenant, state, event.data);
    // Checked at the API; a request that still cannot make an event is answered, not retried for ever.
    if (!content.ok) return { answer: invalidAnswer(content.error.code, content.error.details) };
    const release = await deps.slots.tryAcquire(tenantId);
    if (!release) return { answer: { outcome: 'unavailable', reason: 'DIAN_CALLS_BUSY' } };
    try {
      const endpoint = profile.environment === '1' ? deps.endpoints.production : deps.endpoints.habilitacion;
      const gateway = deps.gateways.forTenant(tenantId, endpoint, credential);
      const issued: IssueOutcome = await issueOwnEvent({
        code,
        content: content.value,
        tenant: profile.tenant,
        software: profile.software,
        environment: profile.environment,
        credential,
        gateway,
        state,
        issuedAt: clock.now(),
        blobs: deps.blobs,
        fileCounter: deps.fileCounter,
        answerTrust: deps.answerTrust,
      });
      switch (issued.kind) {
        case 'registered':
          return { answer: { outcome: 'issued', cude: issued.registration.cude }, registration: issued.registration };
        case 'refused':
          return { answer: { outcome: 'rejected', status_code: issued.statusCode, rules: issued.rules } };
        case 'unknown':
          return { answer: { outcome: 'unavailable', reason: issued.reason } };
        case 'invalid':
          return { answer: invalidAnswer(issued.code, issued.details) };
        case 'registered-before': {
          // An earlier send whose answer was lost got through: DIAN's list has it, with the same number.
          const number = state.requested!.data.document_id;
          const listed = await gateway.getStatusEvent(state.requested!.data.cufe).catch(() => undefined);
          const entry = listed?.events?.find((e) => e.eventCode === code && e.id?.trim() === ownEventId(code, number));
          const read = entry && registrationOf(entry, number);
          if (!read?.ok) return { answer: { outcome: 'unavailable', reason: 'REGISTERED_BEFORE' } };
          return { answer: { outcome: 'issued', cude: read.data.cude }, registration: read.data };
        }
      }
    } finally {
      await release();
    }
  }
}

/** A request whose content cannot make an event: rejected with the check's code and fields as its rules. */
function invalidAnswer(code: string, details: readonly { path: string; message: string }[]): Answer {
  return {
    outcome: 'rejected',
    status_code: code,
    rules: details.map((d) => ({ rule: code, message: `${d.path}: ${d.message}` })),
  };
}

/** The event check's answer to a requested 034, as the request's answer. */
function tacitAnswer(outcome: TacitAcceptanceOutcome): Answer {
  switch (outcome.kind) {
    case 'issued':
    case 'already':
      return { outcome: outcome.kind, cude: outcome.registration.cude };
    case 'refused': {
      const r = outcome.refusal;
      return {
        outcome: 'refused',
        refusal: {
          code: r.code,
          ...(r.code === 'TOO_EARLY' ? { available_from: r.availableFrom } : {}),
          ...(r.code === 'BUYER_ANSWERED' ? { event: r.event } : {}),
        },
      };
    }
    case 'not-accepted':
      return { outcome: 'not_accepted' };
    case 'rejected':
      return { outcome: 'rejected', status_code: outcome.statusCode, rules: outcome.rules };
    case 'unavailable':
      return { outcome: 'unavailable', reason: outcome.reason };
  }
}
