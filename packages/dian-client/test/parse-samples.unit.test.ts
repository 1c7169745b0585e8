// The client parses every DIAN sample in spec/dian/web-service/responses completely.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dianSampleResponsesDir as dir } from '../test-support/dian-spec.ts';
import {
  parseDianResponse,
  parseDianResponses,
  parseRuleMessage,
  parseUploadDocumentResponse,
  readSoapEnvelope,
} from '../src/index.ts';
import { resultOrError } from '../src/dian-soap/classify.ts';

const sample = (name: string) => readFileSync(join(dir, name), 'utf8');

describe('DIAN response samples', () => {
  it('covers every sample in the folder', () => {
    expect(readdirSync(dir).sort()).toEqual([
      'respuesta-fault-certificado-no-confiable.xml',
      'respuesta-getstatuszip-anexo.xml',
      'respuesta-sendbillsync-anexo.xml',
      'respuesta-sendtestsetasync-anexo.xml',
    ]);
  });

  it('SendBillSync (annex §7.10.3): a 99 with four rules', () => {
    const outcome = readSoapEnvelope(sample('respuesta-sendbillsync-anexo.xml'), 'SendBillSync');
    expect(outcome.kind).toBe('result');
    const r = parseDianResponse(outcome.kind === 'result' ? outcome.result : undefined);
    expect(r).toMatchObject({
      isValid: false,
      statusCode: '99',
      statusDescription: 'Validación contiene errores en campos mandatorios.',
      statusMessage: undefined,
      xmlBase64Bytes: 'xmlbase64',
      applicationResponseXml: undefined,
      xmlBytes: undefined,
      xmlDocumentKey: 'A08f2283e5dd6c1878e6ea9ec3a695a9431c924e1086607f6ae7123d081af7b88',
      xmlFileName: 'invoice-1-firmado-SHA256',
    });
    expect(r.errorMessages.map((m) => m.rule)).toEqual(['AC38b', 'ZB01', 'AA08d', 'AA09']);
    expect(r.errorMessages[3]).toMatchObject({
      effect: undefined,
      message: 'Valor del CUFE no está calculado correctamente.',
    });
  });

  it('GetStatusZip (annex §7.12.3): an acceptance with two notifications and the AR prefix', () => {
    const outcome = readSoapEnvelope(sample('respuesta-getstatuszip-anexo.xml'), 'GetStatusZip');
    const [r, ...rest] = parseDianResponses(outcome.kind === 'result' ? outcome.result : undefined);
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      isValid: true,
      statusCode: '00',
      statusDescription: 'Procesado Correctamente.',
      statusMessage: 'La Factura electrónica SETP-990058987, ha sido autorizada.',
      applicationResponseXml: '<?xml version="1.0" encoding="utf-8" standalone="no"?>',
      xmlDocumentKey:
        '794d0cf7692a33e6b103801a8db189a95a89d37f9f1f58ae73c9fb50b05aa4783ce6a5b9e45bffe3c7ab6f23a13b1e4c',
    });
    expect(r!.errorMessages.map((m) => [m.rule, m.effect])).toEqual([
      ['FAJ40', 'notification'],
      ['FAJ41', 'notification'],
    ]);
  });

  it('SendTestSetAsync (annex §7.9.3): a ZipKey and no error list', () => {
    const outcome = readSoapEnvelope(sample('respuesta-sendtestsetasync-anexo.xml'), 'SendTestSetAsync');
    expect(parseUploadDocumentResponse(outcome.kind === 'result' ? outcome.result : undefined)).toEqual({
      zipKey: '358f9538-1f80-4ed5-a3f6-aaa1ef36bebd',
      errorMessageList: [],
    });
  });

  it('the untrusted-certificate fault: a final SOAP_FAULT_CLIENT, whatever the operation', () => {
    const body = sample('respuesta-fault-certificado-no-confiable.xml');
    expect(readSoapEnvelope(body, 'SendBillSync')).toMatchObject({
      kind: 'fault',
      fault: { code: 's:Client', subcode: undefined },
    });
    expect(() => resultOrError({ status: 500, body }, 'SendBillSync', true)).toThrow(
      expect.objectContaining({ code: 'SOAP_FAULT_CLIENT', retriable: false }),
    );
  });
});

describe('rule messages', () => {
  it.each([
    ['Regla: FAD06, Rechazo: Valor del CUFE no está calculado correctamente', 'FAD06', 'rejection'],
    ['Regla: FAJ40, Notificación: El contenido', 'FAJ40', 'notification'],
    ['Regla: 90, Rechazo: Documento procesado anteriormente', '90', 'rejection'],
    ['Regla: SIM-ZIP01, Rechazo: x', 'SIM-ZIP01', 'rejection'],
    ['Regla: ZB01 Fallo en el Schema XML del archivo', 'ZB01', undefined],
    ['Un texto sin regla', undefined, undefined],
  ])('%s', (raw, rule, effect) => {
    expect(parseRuleMessage(raw)).toMatchObject({ rule, effect, raw });
  });
});
