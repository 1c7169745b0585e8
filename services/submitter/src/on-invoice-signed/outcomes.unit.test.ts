import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dianSampleResponsesDir as samples } from '@fe/dian-client/testing';
import {
  parseDianResponse,
  parseDianResponses,
  parseRuleMessage,
  readSoapEnvelope,
  type DianResponse,
  DianClientError,
} from '@fe/dian-client';
import { applicationResponseInstant } from './application-response.ts';
import { clientFailure, serviceFailure } from './failure-reasons.ts';
import { failed, outcomeOfSend, outcomeOfStatus, type AnswerContext } from './outcomes.ts';
import { retryDelayMs } from './retry-policy.ts';

const sampleResult = (name: string, operation: string) => {
  const outcome = readSoapEnvelope(readFileSync(resolve(samples, name), 'utf8'), operation);
  return outcome.kind === 'result' ? outcome.result : undefined;
};

const CUFE = 'f'.repeat(96);
const now = new Date('2026-11-22T15:00:00.000Z');
const policy = { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0 };
const ctx: AnswerContext = {
  attempt: 1,
  trackId: CUFE,
  endpoint: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
  now,
  applicationResponseKey: 'demo/SETP990000001.application-response.xml',
  policy,
  random: 0,
};
const ar =
  '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>1</cbc:ID>' +
  '<cbc:IssueDate>2026-11-22</cbc:IssueDate><cbc:IssueTime>14:59:58+00:00</cbc:IssueTime></ApplicationResponse>';

const answer = (fields: Partial<DianResponse> & { rules?: string[] }): DianResponse => ({
  isValid: undefined,
  statusCode: undefined,
  statusDescription: undefined,
  statusMessage: undefined,
  errorMessages: (fields.rules ?? []).map(parseRuleMessage),
  xmlBase64Bytes: undefined,
  applicationResponseXml: undefined,
  xmlBytes: undefined,
  xmlDocumentKey: CUFE,
  xmlFileName: undefined,
  ...fields,
});
const accepted = answer({
  isValid: true,
  statusCode: '00',
  statusDescription: 'Procesado Correctamente.',
  statusMessage: 'La Factura electrónica SETP990000001, ha sido autorizada.',
  rules: [
    'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.',
  ],
  applicationResponseXml: ar,
  xmlBase64Bytes: Buffer.from(ar).toString('base64'),
});
const types = (o: { kind: string; events?: { type: string }[] }) => o.events?.map((e) => e.type);

describe('outcomeOfSend: SendBillSync answers into events', () => {
  it("00: Submitted + Accepted, notifications are the rules, validated_at is the AR's instant", () => {
    const o = outcomeOfSend(accepted, ctx);
    expect(o.kind === 'record' && o.answer).toBe(accepted);
    expect(types(o)).toEqual(['InvoiceSubmitted', 'InvoiceAccepted']);
    const [sub, acc] = o.kind === 'record' ? o.events : [];
    expect(sub).toEqual({
      type: 'InvoiceSubmitted',
      data: { attempt: 1, operation: 'SendBillSync', track_id: CUFE, endpoint: ctx.endpoint },
    });
    expect(acc).toEqual({
      type: 'InvoiceAccepted',
      data: {
        track_id: CUFE,
        status_code: '00',
        status_description: 'Procesado Correctamente.',
        status_message: 'La Factura electrónica SETP990000001, ha sido autorizada.',
        notifications: [
          {
            rule: 'FAJ43b',
            message: 'Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.',
          },
        ],
        application_response_key: ctx.applicationResponseKey,
        validated_at: '2026-11-22T14:59:58+00:00',
      },
    });
  });

  it("00 without an ApplicationResponse: no AR key, validated_at is the answer's time", () => {
    const o = outcomeOfSend(answer({ isValid: true, statusCode: '0' }), ctx);
    const acc = o.kind === 'record' ? o.events[1] : undefined;
    expect(acc?.type).toBe('InvoiceAccepted');
    expect(acc?.data).not.toHaveProperty('application_response_key');
    expect(acc?.type === 'InvoiceAccepted' && acc.data.validated_at).toBe(now.toISOString());
  });

  it("99 (DIAN's own sample): Submitted + Rejected with every rule", () => {
    const o = outcomeOfSend(parseDianResponse(sampleResult('respuesta-sendbillsync-anexo.xml', 'SendBillSync')), ctx);
    expect(types(o)).toEqual(['InvoiceSubmitted', 'InvoiceRejected']);
    const rej = o.kind === 'record' ? o.events[1] : undefined;
    expect(rej?.type === 'InvoiceRejected' && rej.data.errors.map((e) => e.rule)).toEqual([
      'AC38b',
      'ZB01',
      'AA08d',
      'AA09',
    ]);
    expect(rej?.type === 'InvoiceRejected' && rej.data).toMatchObject({
      status_code: '99',
      track_id: CUFE,
      rejected_at: now.toISOString(),
      status_message: '',
    });
  });

  it('IsValid false without rules: rejected, reported by its own status', () => {
    const o = outcomeOfSend(
      answer({ isValid: false, statusCode: '99', statusDescription: 'Documento con errores' }),
      ctx,
    );
    const rej = o.kind === 'record' ? o.events[1] : undefined;
    expect(rej?.type === 'InvoiceRejected' && rej.data.errors).toEqual([
      { rule: '99', message: 'Documento con errores' },
    ]);
  });

  it('rule 90 ("documento procesado anteriormente"): reconcile instead of recording a rejection', () => {
    const duplicate = answer({
      isValid: false,
      statusCode: '99',
      rules: ['Regla: 90, Rechazo: Documento procesado anteriormente.'],
    });
    expect(outcomeOfSend(duplicate, ctx)).toEqual({ kind: 'reconcile' });
  });

  it('a status nobody documents: a retriable failure with an unknown outcome', () => {
    const o = outcomeOfSend(answer({ statusCode: '98' }), ctx);
    expect(o.kind === 'record' && o.events).toEqual([
      {
        type: 'InvoiceSubmissionFailed',
        data: {
          attempt: 1,
          retriable: true,
          reason: 'UNEXPECTED_STATUS',
          message: expect.stringContaining('StatusCode 98'),
          outcome_unknown: true,
          next_attempt_at: '2026-11-22T15:00:01.000Z',
        },
      },
    ]);
  });
});

describe('outcomeOfStatus: GetStatus(CUFE) while reconciling', () => {
  it('DIAN has it, accepted: its verdict, no resend', () => {
    expect(types(outcomeOfStatus(accepted, ctx))).toEqual(['InvoiceSubmitted', 'InvoiceAccepted']);
  });

  it('DIAN has it, rejected: its verdict', () => {
    expect(
      types(outcomeOfStatus(answer({ isValid: false, statusCode: '99', rules: ['Regla: FAD06, Rechazo: CUFE'] }), ctx)),
    ).toEqual(['InvoiceSubmitted', 'InvoiceRejected']);
  });

  it("DIAN's GetStatusZip sample (00 with notifications) reads as an acceptance", () => {
    const [first] = parseDianResponses(sampleResult('respuesta-getstatuszip-anexo.xml', 'GetStatusZip'));
    const o = outcomeOfStatus(first!, ctx);
    expect(types(o)).toEqual(['InvoiceSubmitted', 'InvoiceAccepted']);
    const acc = o.kind === 'record' ? o.events[1] : undefined;
    expect(acc?.type === 'InvoiceAccepted' && acc.data.notifications.map((n) => n.rule)).toEqual(
      first!.errorMessages.map((m) => m.rule),
    );
  });

  it.each(['66', '90'])('not found (%s, the simulator answers 66 "NSU no encontrado"): send', (code) => {
    expect(
      outcomeOfStatus(answer({ isValid: false, statusCode: code, statusDescription: 'NSU no encontrado' }), ctx),
    ).toEqual({ kind: 'send' });
  });

  it('not found after a rule-90 answer: that refusal is the verdict, never a loop of resends', () => {
    const duplicate = answer({
      isValid: false,
      statusCode: '99',
      rules: ['Regla: 90, Rechazo: Documento procesado anteriormente.'],
    });
    const o = outcomeOfStatus(answer({ isValid: false, statusCode: '66' }), ctx, duplicate);
    expect(o.kind === 'record' && o.answer).toBe(duplicate);
    const rej = o.kind === 'record' ? o.events[1] : undefined;
    expect(rej?.type === 'InvoiceRejected' && rej.data.errors).toEqual([
      { rule: '90', message: 'Documento procesado anteriormente.' },
    ]);
  });

  it('an in-process or unknown status: retriable failure, outcome still unknown', () => {
    const o = outcomeOfStatus(answer({ statusCode: '98' }), ctx);
    expect(o.kind === 'record' && o.events[0]?.data).toMatchObject({
      reason: 'UNEXPECTED_STATUS',
      retriable: true,
      outcome_unknown: true,
    });
  });
});

describe('failed: InvoiceSubmissionFailed with the retry policy', () => {
  const error = (code: ConstructorParameters<typeof DianClientError>[0], outcomeUnknown = false) =>
    new DianClientError(code, { outcomeUnknown });

  it('a retriable client error: reason = its code, next_attempt_at = now + backoff', () => {
    expect(failed(clientFailure(error('HTTP_503'), false), { ...ctx, attempt: 2 }).data).toEqual({
      attempt: 2,
      retriable: true,
      reason: 'HTTP_503',
      message: error('HTTP_503').message,
      outcome_unknown: false,
      next_attempt_at: '2026-11-22T15:00:02.000Z',
    });
  });

  it('a send that may have reached DIAN keeps outcome_unknown', () => {
    expect(failed(clientFailure(error('TIMEOUT', true), false), ctx).data).toMatchObject({
      reason: 'TIMEOUT',
      retriable: true,
      outcome_unknown: true,
    });
  });

  it('a GetStatus failure while reconciling leaves the outcome unknown', () => {
    expect(failed(clientFailure(error('CONNECTION_FAILED'), true), ctx).data).toMatchObject({
      reason: 'CONNECTION_FAILED',
      outcome_unknown: true,
    });
  });

  it('a final error: not retriable, no next attempt', () => {
    const data = failed(clientFailure(error('SOAP_FAULT_CLIENT'), false), ctx).data;
    expect(data).toMatchObject({ reason: 'SOAP_FAULT_CLIENT', retriable: false, outcome_unknown: false });
    expect(data).not.toHaveProperty('next_attempt_at');
  });

  it("the last allowed attempt: recorded as final, with the error's own reason", () => {
    const data = failed(clientFailure(error('HTTP_503'), false), { ...ctx, attempt: 3 }).data;
    expect(data).toMatchObject({ attempt: 3, reason: 'HTTP_503', retriable: false });
    expect(data.message).toContain('3 of 3');
    expect(data).not.toHaveProperty('next_attempt_at');
  });

  it('service reasons carry their own codes', () => {
    expect(failed(serviceFailure('CREDENTIAL_INVALID', { detail: 'CERT_EXPIRED' }), ctx).data).toMatchObject({
      reason: 'CREDENTIAL_INVALID',
      retriable: false,
    });
  });
});

describe('retryDelayMs', () => {
  const p = { maxAttempts: 8, baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0.2 };
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(p, n, 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });
  it('takes off at most `jitter` of the delay', () => {
    expect(retryDelayMs(p, 3, 0.999999)).toBe(3_200);
    expect(retryDelayMs(p, 3, 0.5)).toBe(3_600);
    expect(retryDelayMs({ ...p, jitter: 1 }, 1, 0.9999999)).toBeGreaterThanOrEqual(1);
  });
});

describe('applicationResponseInstant', () => {
  it("reads the AR's IssueDate and IssueTime, offset kept", () => {
    expect(applicationResponseInstant(ar)).toBe('2026-11-22T14:59:58+00:00');
  });
  it('a time without offset is Colombian time; junk is undefined', () => {
    expect(applicationResponseInstant(ar.replace('14:59:58+00:00', '09:59:58'))).toBe('2026-11-22T09:59:58-05:00');
    expect(applicationResponseInstant('not xml')).toBeUndefined();
    expect(applicationResponseInstant('<Invoice/>')).toBeUndefined();
    expect(applicationResponseInstant(undefined)).toBeUndefined();
  });
});
