import { randomUUID } from 'node:crypto';
import { createRadianDesk, type RadianDesk } from '../events/radian-desk.ts';
import { soapNs } from './wcf-vocabulary.ts';
import { rule, ruleMessage } from '../rules/catalogue.ts';
import type { SimulatedDianResponse } from '../store/store.ts';
import { createAnswerer } from '../validate/answer-document.ts';
import type { ValidationDeps } from '../validate/validate-document.ts';
import { checkWsSecurity } from '../verify/ws-security.ts';
import { childElement, firstChildElement, parseLightXml, textOf, type XmlDocument } from '../xml/light-xml.ts';
import * as write from './soap-responses.ts';
import { refusedResponse } from '../application-response/refused-response.ts';
import { readZipEntries, type ZipEntry } from './zip-entries.ts';

export type SoapAnswer = { status: number; body: string };
export type Dispatcher = (body: string, endpoint: string) => SoapAnswer;

/** A TestSetId as DIAN's portal writes it. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The WCF contract without HTTP: WS-Security first, then the operation. Synchronous, so the bench can time it
 * without a socket. `radian` answers the events' operations (its test controls are the caller's).
 */
export function createDispatcher(deps: ValidationDeps, radian: RadianDesk = createRadianDesk(deps)): Dispatcher {
  const answer = createAnswerer(deps);
  // DIAN's portal gives each software its own TestSetId: any GUID starts a set of its own. Nothing is kept per set
  // (each document is judged alone); the configured ids may be any text.
  const testSets = new Set(
    deps.config.issuers.flatMap((i) => i.software.flatMap((s) => s.testSetIds ?? [])).map((id) => id.toLowerCase()),
  );
  /**
   * ZipKey → GetStatusZip calls still answered "in process" (config.zipProcessingPolls); in memory, as DIAN's queue.
   */
  const processing = new Map<string, number>();
  return function dispatch(body, endpoint) {
    const now = deps.config.now();
    let document: XmlDocument;
    try {
      document = parseLightXml(body);
    } catch {
      return { status: 400, body: write.senderFault('The message is not well-formed XML.') };
    }
    const envelope = document.root;
    const payload = firstChildElement(childElement(envelope, soapNs.soap, 'Body'));
    if (envelope.ns !== soapNs.soap || payload?.ns !== soapNs.wcf)
      return { status: 400, body: write.senderFault('Not a WcfDianCustomerServices request.') };
    const security = checkWsSecurity(document, {
      endpoint,
      now,
      skewSeconds: deps.config.timestampSkewSeconds,
      trust: deps.trust,
    });
    if (!security.ok) return { status: 500, body: write.untrustedCertificateFault };

    const operation = payload.local;
    const param = (name: string) => textOf(childElement(payload, soapNs.wcf, name))?.trim() ?? '';
    const ok = (result: string): SoapAnswer => ({ status: 200, body: write.envelope(operation, result, now) });
    switch (operation) {
      case 'SendBillSync': {
        const documents = unzip(param('contentFile'), param('fileName'), true);
        const response =
          'rejected' in documents
            ? documents.rejected
            : answer(documents.entries[0]!.xml, documents.entries[0]!.name, now, param('fileName'));
        return ok(write.dianResponseResult(operation, response));
      }
      case 'SendBillAsync':
      case 'SendTestSetAsync': {
        const refuse = (message: string) =>
          ok(
            write.uploadResult(operation, undefined, [
              { documentKey: undefined, processedMessage: message, success: false, xmlFileName: param('fileName') },
            ]),
          );
        if (operation === 'SendTestSetAsync') {
          const testSetId = param('testSetId').toLowerCase();
          if (!testSets.has(testSetId) && !GUID.test(testSetId)) return refuse(ruleMessage(rule('SIM-TS01')));
        }
        const documents = unzip(param('contentFile'), param('fileName'), false);
        if ('rejected' in documents) return refuse(documents.rejected.errorMessages.join('; '));
        const zipKey = randomUUID();
        // Each document of the zip is judged alone, by the same rules as SendBillSync's.
        deps.store.recordZip(
          zipKey,
          documents.entries.map((entry) => answer(entry.xml, entry.name, now, param('fileName'))),
        );
        if (deps.config.zipProcessingPolls > 0) processing.set(zipKey, deps.config.zipProcessingPolls);
        return ok(write.uploadResult(operation, zipKey, []));
      }
      case 'GetStatus': {
        const key = param('trackId');
        const found = deps.store.byDocumentKey(key)?.response ?? deps.store.byZipKey(key)?.[0]?.response;
        return ok(write.dianResponseResult(operation, found ?? notFound('66', 'NSU no encontrado', key)));
      }
      case 'GetStatusZip': {
        const key = param('trackId');
        const pollsLeft = processing.get(key);
        if (pollsLeft !== undefined) {
          if (pollsLeft <= 1) processing.delete(key);
          else processing.set(key, pollsLeft - 1);
          return ok(write.dianResponsesResult(operation, [inProcess(key)]));
        }
        const found =
          deps.store.byZipKey(key)?.map((a) => a.response) ??
          [deps.store.byDocumentKey(key)?.response].filter((r) => r !== undefined);
        return ok(
          write.dianResponsesResult(
            operation,
            found.length > 0 ? found : [notFound('90', 'TrackId no encontrado', key)],
          ),
        );
      }
      case 'SendEventUpdateStatus': {
        // One signed event per zip; the operation has no fileName, so answers name the XML inside.
        const documents = unzip(param('contentFile'), param('fileName'), true);
        const response =
          'rejected' in documents
            ? documents.rejected
            : radian.answerEvent(documents.entries[0]!.xml, documents.entries[0]!.name, now);
        return ok(write.dianResponseResult(operation, response));
      }
      case 'GetStatusEvent':
        return ok(write.dianResponseResult(operation, radian.eventStatus(param('trackId'), now)));
      case 'GetNumberingRange': {
        const issuer = deps.issuers(param('accountCode'));
        const software = issuer?.software.find(
          (s) => s.id === param('softwareCode') && s.providerNit === param('accountCodeT'),
        );
        return ok(
          software
            ? write.numberRangeResult('100', 'Acción completada OK.', issuer!.ranges)
            : write.numberRangeResult(
                '301',
                'No se encontraron rangos de numeración para el software y los NIT informados.',
                [],
              ),
        );
      }
      case 'GetXmlByDocumentKey': {
        const stored = deps.store.byDocumentKey(param('trackId'));
        return ok(
          stored?.signedXml
            ? write.eventResult(
                '100',
                'Accion completada OK',
                stored.validatedAt.toISOString(),
                Buffer.from(stored.signedXml).toString('base64'),
              )
            : write.eventResult('404', 'Documento no encontrado', undefined, undefined),
        );
      }
      case 'GetAcquirer': {
        const found = deps.config.acquirers.find(
          (a) =>
            a.identificationType === param('identificationType') &&
            a.identificationNumber === param('identificationNumber'),
        );
        return ok(
          found
            ? write.acquirerResult('200', 'Acción completada OK.', found.email, found.name)
            : write.acquirerResult('404', 'El adquiriente no se encuentra registrado.', undefined, undefined),
        );
      }
      default:
        return { status: 500, body: write.receiverFault(`The operation ${operation} is not simulated.`) };
    }
  };
}

function unzip(
  base64: string,
  fileName: string,
  sync: boolean,
): { entries: { name: string; xml: string }[] } | { rejected: SimulatedDianResponse } {
  const reject = (code: 'SIM-ZIP01' | 'SIM-ZIP02'): { rejected: SimulatedDianResponse } => ({
    rejected: refusedResponse({
      errorMessages: [ruleMessage(rule(code))],
      xmlDocumentKey: undefined,
      xmlFileName: fileName.replace(/\.zip$/i, ''),
    }),
  });
  let entries: ZipEntry[];
  try {
    entries = readZipEntries(Buffer.from(base64, 'base64'));
  } catch {
    return reject('SIM-ZIP01');
  }
  const xml = entries.filter((e) => e.name.toLowerCase().endsWith('.xml'));
  if (xml.length === 0 || (sync && entries.length !== 1)) return reject('SIM-ZIP02');
  return { entries: xml.map((e) => ({ name: e.name, xml: e.data.toString('utf8') })) };
}

function notFound(code: string, description: string, key: string): SimulatedDianResponse {
  return {
    isValid: false,
    statusCode: code,
    statusDescription: description,
    statusMessage: undefined,
    errorMessages: [],
    xmlBase64Bytes: undefined,
    xmlDocumentKey: key || undefined,
    xmlFileName: undefined,
  };
}

/** A zip still in DIAN's queue: the reference gives no code for it (UNCONFIRMED, "98 is sometimes cited"); 98 it is. */
function inProcess(zipKey: string): SimulatedDianResponse {
  return {
    isValid: false,
    statusCode: '98',
    statusDescription: 'En proceso de validación',
    statusMessage: undefined,
    errorMessages: [],
    xmlBase64Bytes: undefined,
    xmlDocumentKey: zipKey,
    xmlFileName: undefined,
  };
}
