import type { ErrorCode } from '../api/error-codes.ts';
import '../api/received-invoices.ts';

type Helpers = {
  ref: (id: string) => unknown;
  json: (schema: unknown) => unknown;
  errors: (codes: ErrorCode[]) => Record<string, unknown>;
  requestId: Record<string, unknown>;
};

const COMMON: ErrorCode[] = ['UNAUTHORIZED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'UNAVAILABLE'];

/** The buyer's side of the API (docs/api.md, "Received invoices"), for build-openapi.ts. */
export function receivedInvoicePaths({ ref, json, errors, requestId }: Helpers): Record<string, unknown> {
  const cufe = { name: 'cufe', in: 'path', required: true, schema: ref('Cufe') };
  const view = (description: string) => ({ description, headers: requestId, content: json(ref('ReceivedInvoice')) });
  return {
    '/api/v1/service/received-invoices': {
      post: {
        operationId: 'uploadReceivedInvoice',
        summary: "Upload a supplier's invoice: its zip, its AttachedDocument or its XML",
        description:
          "The body is the file as the supplier sent it (`application/zip`, `application/xml`, `text/xml` or `application/octet-stream`, at most 4 MiB). It is checked (its signature, its CUFE against DIAN's signed ApplicationResponse inside, DIAN's verdict, the buyer) and listed with the checks; a failed check is listed too, with its reason, and no event may be sent on it. The same invoice twice is one received invoice.",
        parameters: [
          {
            name: 'file_name',
            in: 'query',
            required: false,
            description: "The file's name, kept.",
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } },
            'application/xml': { schema: { type: 'string' } },
          },
        },
        responses: {
          '201': view('Received and checked now.'),
          '200': view('This invoice was received before: as it stands.'),
          ...errors(['RECEIVED_INVOICE_UNREADABLE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', ...COMMON]),
        },
      },
      get: {
        operationId: 'listReceivedInvoices',
        summary: 'The invoices this tenant received as a buyer, newest first',
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          },
          {
            name: 'before',
            in: 'query',
            required: false,
            description: "The previous page's `next_before`.",
            schema: { type: 'string', format: 'date-time' },
          },
        ],
        responses: {
          '200': { description: 'A page.', headers: requestId, content: json(ref('ReceivedInvoiceList')) },
          ...errors(['VALIDATION_ERROR', ...COMMON]),
        },
      },
    },
    '/api/v1/service/received-invoices/{cufe}': {
      get: {
        operationId: 'getReceivedInvoice',
        summary: 'A received invoice with its checks and the events the buyer sent',
        parameters: [cufe],
        responses: {
          '200': view('The received invoice.'),
          ...errors(['VALIDATION_ERROR', 'RECEIVED_INVOICE_NOT_FOUND', ...COMMON]),
        },
      },
    },
    '/api/v1/service/reception-mailbox': {
      get: {
        operationId: 'getReceptionMailbox',
        summary: "The tenant's reception mailbox, read for its suppliers' invoices (never its password)",
        responses: {
          '200': { description: 'Set or not.', headers: requestId, content: json(ref('ReceptionMailbox')) },
          ...errors(COMMON),
        },
      },
      put: {
        operationId: 'setReceptionMailbox',
        summary: "Set the tenant's reception mailbox (IMAP): its mail is read and imported from the next poll on",
        requestBody: { required: true, content: json(ref('ReceptionMailboxRequest')) },
        responses: {
          '200': {
            description: 'Kept; the password sealed.',
            headers: requestId,
            content: json(ref('ReceptionMailbox')),
          },
          ...errors(['VALIDATION_ERROR', 'MALFORMED_JSON', ...COMMON]),
        },
      },
      delete: {
        operationId: 'removeReceptionMailbox',
        summary: "Stop reading the tenant's reception mailbox",
        responses: { '204': { description: 'Removed (or there was none).', headers: requestId }, ...errors(COMMON) },
      },
    },
    '/api/v1/service/received-invoices/{cufe}/events': {
      post: {
        operationId: 'sendBuyerEvent',
        summary: "Send the buyer's RADIAN event: 030, then 032, then 031 or 033",
        description:
          "The order is checked before anything is signed. The event is then signed with the tenant's certificate and sent to DIAN with SendEventUpdateStatus; the received invoice shows it `requested`, then `registered` (with its CUDE, and `mailed_to` once its AttachedDocument went to the supplier) or `refused` with DIAN's rules.",
        parameters: [cufe],
        requestBody: { required: true, content: json(ref('BuyerEventRequest')) },
        responses: {
          '202': {
            description: 'Requested: the event number and the invoice as it stands.',
            headers: requestId,
            content: json({
              type: 'object',
              properties: { event_id: { type: 'string' }, code: { type: 'string' }, invoice: ref('ReceivedInvoice') },
              required: ['event_id', 'code', 'invoice'],
            }),
          },
          ...errors([
            'VALIDATION_ERROR',
            'MALFORMED_JSON',
            'RECEIVED_INVOICE_NOT_FOUND',
            'RECEIVED_INVOICE_CHECKS_FAILED',
            'BUYER_EVENT_OUT_OF_ORDER',
            'BUYER_EVENT_REPEATED',
            'BUYER_EVENT_PENDING',
            ...COMMON,
          ]),
        },
      },
    },
  };
}
