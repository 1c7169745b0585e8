import { z } from 'zod';
import { errorCatalogue, type ErrorCode } from '../api/error-codes.ts';
import '../api/error-body.ts';
import '../api/invoice-request.ts';
import '../api/invoice-response.ts';
import '../api/invoice-events-response.ts';
import '../api/notify-buyer.ts';
import '../api/tenant-readiness.ts';
import '../api/tacit-acceptance.ts';
import '../api/note-request.ts';
import { invoiceRequestV1SchemaId } from '../events/invoice-requested.v1.ts';
import { receivedInvoicePaths } from './received-invoice-paths.ts';

/**
 * The OpenAPI 3.1 document from the zod schemas; `contracts/openapi.json` is its checked-in output (`pnpm openapi`;
 * a test catches staleness).
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  const generated = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  const schemas: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(generated.schemas).sort(([a], [b]) => a.localeCompare(b))) {
    // Event schemas, and the v1 request only they carry, go to the schema registry, not the HTTP API.
    if (id.includes('.v') || id === invoiceRequestV1SchemaId) continue;
    const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
    schemas[id] = rest;
  }

  const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  // Headers an error answer carries, by status.
  const errorHeaders: Record<number, Record<string, unknown>> = {
    405: { Allow: { description: 'The methods this path answers, e.g. `POST`.', schema: { type: 'string' } } },
    429: { 'Retry-After': { description: 'Whole seconds to wait.', schema: { type: 'integer' } } },
    503: { 'Retry-After': { description: 'Whole seconds to wait.', schema: { type: 'integer' } } },
  };
  // Answered on every path, before or beside any route: a method the path lacks, and what the HTTP
  // parser or the server's time limits refuse (docs/guarantees.md, "HTTP").
  const edges: ErrorCode[] = [
    'METHOD_NOT_ALLOWED',
    'MALFORMED_REQUEST_LINE',
    'MALFORMED_BODY_FRAMING',
    'MALFORMED_HTTP',
    'REQUEST_TIMEOUT',
    'EXPECTATION_FAILED',
    'HEADERS_TOO_LARGE',
  ];
  const errors = (codes: ErrorCode[]) => {
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of [...codes, ...edges]) {
      const http = errorCatalogue[code].http;
      byStatus.set(http, [...(byStatus.get(http) ?? []), code]);
    }
    return Object.fromEntries(
      [...byStatus].map(([http, list]) => [
        String(http),
        {
          description: list.map((c) => `\`${c}\`: ${errorCatalogue[c].summary}`).join(' '),
          ...(errorHeaders[http] ? { headers: errorHeaders[http] } : {}),
          content: json(ref('ErrorBody')),
        },
      ]),
    );
  };
  // The headers of every POST that creates a document: the invoice and the notes.
  const documentHeaders = [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Same key and body within 24 h returns the first response again.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
    {
      name: 'Prefer',
      in: 'header',
      required: false,
      description:
        "`wait=<seconds>` (RFC 7240) shortens the wait for DIAN's verdict for this request; `wait=0` answers 202 as soon as the invoice is numbered. Never lengthens the configured budget (10 s by default).",
      schema: { type: 'string', examples: ['wait=0'] },
    },
  ];
  const requestId = {
    'X-Request-Id': { description: 'Request id, also in the body and the logs.', schema: { type: 'string' } },
  };
  // A seller's RADIAN request still unanswered when the wait ran out (docs/radian.md, "The seller's requests").
  const pending = {
    description: "Recorded; DIAN's answer did not come within the wait. The status lists the event once registered.",
    headers: requestId,
    content: json(ref('RadianEventPendingResponse')),
  };
  // The título valor's two requests (036, 037): the same answers, their own body and refusals.
  const titleValueEvent = (
    operationId: string,
    summary: string,
    description: string,
    requestBody: { required: boolean; content: unknown },
    refusals: ErrorCode[],
  ) => ({
    post: {
      operationId,
      summary,
      description,
      parameters: [{ name: 'cufe', in: 'path', required: true, schema: ref('Cufe') }],
      requestBody,
      responses: {
        '201': {
          description: 'DIAN registered the event now.',
          headers: requestId,
          content: json(ref('RadianEventResponse')),
        },
        '200': {
          description: 'Registered before (a repeated request): the event registered then.',
          headers: requestId,
          content: json(ref('RadianEventResponse')),
        },
        '202': pending,
        ...errors([
          'MALFORMED_JSON',
          'VALIDATION_ERROR',
          'UNAUTHORIZED',
          'INVOICE_NOT_FOUND',
          'INVOICE_NOT_ACCEPTED',
          ...refusals,
          'RADIAN_EVENT_REJECTED',
          'RATE_LIMITED',
          'INTERNAL_ERROR',
          'UNAVAILABLE',
        ]),
      },
    },
  });
  // 201 and 202 of a POST that creates a document: its body, and Location at its status.
  const createdAnswers = (accepted: string, location: string) => {
    const headers = { ...requestId, Location: { description: location, schema: { type: 'string' } } };
    return {
      '201': { description: accepted, headers, content: json(ref('CreateInvoiceResponse')) },
      '202': {
        description: 'Still pending when the wait budget ran out; poll the Location.',
        headers,
        content: json(ref('CreateInvoiceResponse')),
      },
    };
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Electronic sales invoice service (DIAN annex 1.9)',
      version: '1.0.0',
      description:
        "Issues Colombian electronic sales invoices: UBL 2.1, CUFE, XAdES-EPES signature with the tenant's certificate, " +
        'PDF graphic representation with QR, submission to DIAN, and status by CUFE. Generated from the zod contracts in `contracts/`. ' +
        'Every error, on every path, is an ErrorBody with a stable code and the request id: also a method the path lacks (405 with `Allow`), ' +
        'a request the HTTP parser refuses (400, 431), one that does not arrive in time (408), and a client address that keeps failing ' +
        'authentication (429 with `Retry-After`, before its key is checked).',
    },
    // The served copy (/docs/openapi.json) names the address each request reached instead.
    servers: [{ url: 'http://127.0.0.1:8080', description: 'Embedded default' }],
    security: [{ bearer: [] }],
    paths: {
      '/api/v1/service/invoice': {
        post: {
          operationId: 'createInvoice',
          summary: 'Issue an electronic sales invoice',
          parameters: documentHeaders,
          requestBody: { required: true, content: json(ref('InvoiceRequestV2')) },
          responses: {
            ...createdAnswers(
              'Accepted by DIAN within the wait budget; the PDF is drawn.',
              'The status endpoint of this invoice.',
            ),
            ...errors([
              'MALFORMED_JSON',
              'JSON_TOO_DEEP',
              'VALIDATION_ERROR',
              'NIT_INVALID',
              'TAX_RATE_INVALID',
              'UNAUTHORIZED',
              'TENANT_NOT_READY',
              'DUPLICATE_INVOICE_NUMBER',
              'IDEMPOTENCY_IN_PROGRESS',
              'PAYLOAD_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE',
              'AMOUNTS_INCONSISTENT',
              'LINE_TOTAL_MISMATCH',
              'NUMBER_OUT_OF_RANGE',
              'NUMBER_NOT_CONSECUTIVE',
              'IDEMPOTENCY_KEY_REUSED',
              'RATE_LIMITED',
              'INTERNAL_ERROR',
              'UNAVAILABLE',
            ]),
            '422': {
              description:
                'An ErrorBody for `AMOUNTS_INCONSISTENT`, `LINE_TOTAL_MISMATCH`, `NUMBER_OUT_OF_RANGE`, `NUMBER_NOT_CONSECUTIVE` and `IDEMPOTENCY_KEY_REUSED`; a CreateInvoiceResponse ' +
                'with `error.code` = `TAX_AUTHORITY_REJECTED` when DIAN rejected the invoice.',
              content: json({ oneOf: [ref('ErrorBody'), ref('CreateInvoiceResponse')] }),
            },
          },
        },
      },
      ...Object.fromEntries(
        (['credit', 'debit'] as const).map((kind) => [
          `/api/v1/service/${kind}-note`,
          {
            post: {
              operationId: kind === 'credit' ? 'createCreditNote' : 'createDebitNote',
              summary: `Issue a ${kind} note correcting an accepted invoice (docs/notes.md)`,
              description:
                kind === 'credit'
                  ? 'Reduces what the buyer owes (annex 1.9 §10.1, type 91). Never more than the invoice\'s balance; concept "2" cancels the invoice: exactly its balance, and it is voided once DIAN accepts the note.'
                  : 'Adds to what the buyer owes (annex 1.9 §10.2). The invoice must be accepted and not cancelled.',
              parameters: documentHeaders,
              requestBody: {
                required: true,
                content: json(ref(kind === 'credit' ? 'CreditNoteRequestV2' : 'DebitNoteRequestV2')),
              },
              responses: {
                ...createdAnswers(
                  "Accepted by DIAN within the wait budget. `cufe` carries the note's CUDE; `document_type`, `referenced_invoice` and `concept` say what it is.",
                  'The status endpoint of this note (by its CUDE).',
                ),
                ...errors([
                  'MALFORMED_JSON',
                  'JSON_TOO_DEEP',
                  'VALIDATION_ERROR',
                  'TAX_RATE_INVALID',
                  'UNAUTHORIZED',
                  'TENANT_NOT_READY',
                  'REFERENCED_INVOICE_NOT_FOUND',
                  'REFERENCED_INVOICE_NOT_ACCEPTED',
                  'INVOICE_VOIDED',
                  'IDEMPOTENCY_IN_PROGRESS',
                  'PAYLOAD_TOO_LARGE',
                  'UNSUPPORTED_MEDIA_TYPE',
                  'AMOUNTS_INCONSISTENT',
                  'LINE_TOTAL_MISMATCH',
                  'NUMBER_OUT_OF_RANGE',
                  'NOTE_AMOUNT_ZERO',
                  'IDEMPOTENCY_KEY_REUSED',
                  'RATE_LIMITED',
                  'INTERNAL_ERROR',
                  'UNAVAILABLE',
                  ...(kind === 'credit' ? (['CREDIT_EXCEEDS_BALANCE', 'CANCELLATION_NOT_FULL'] as const) : []),
                ]),
                '422': {
                  description:
                    'An ErrorBody for the book rules and validation (`CREDIT_EXCEEDS_BALANCE`, `CANCELLATION_NOT_FULL`, `NOTE_AMOUNT_ZERO`, `AMOUNTS_INCONSISTENT`, `LINE_TOTAL_MISMATCH`, `NUMBER_OUT_OF_RANGE`, `IDEMPOTENCY_KEY_REUSED`); ' +
                    'a CreateInvoiceResponse with `error.code` = `TAX_AUTHORITY_REJECTED` when DIAN rejected the note.',
                  content: json({ oneOf: [ref('ErrorBody'), ref('CreateInvoiceResponse')] }),
                },
              },
            },
          },
        ]),
      ),
      '/api/v1/service/invoice/{cufe}/notify': {
        post: {
          operationId: 'notifyBuyer',
          summary: "Send the buyer's mail again (the AttachedDocument and the PDF), optionally to another address",
          description:
            'Records the request on the invoice; the notifier sends one new mail (its own Message-ID) and the status shows it under `buyer_notification`. ' +
            'Only for an accepted invoice.',
          parameters: [{ name: 'cufe', in: 'path', required: true, schema: ref('Cufe') }],
          requestBody: { required: false, content: json(ref('NotifyBuyerRequest')) },
          responses: {
            '202': {
              description: 'Recorded; the mail leaves shortly. Each 202 is one mail, concurrent requests included.',
              headers: requestId,
              content: json(ref('NotifyBuyerResponse')),
            },
            ...errors([
              'MALFORMED_JSON',
              'JSON_TOO_DEEP',
              'VALIDATION_ERROR',
              'UNAUTHORIZED',
              'INVOICE_NOT_FOUND',
              'INVOICE_NOT_ACCEPTED',
              'UNSUPPORTED_MEDIA_TYPE',
              'RATE_LIMITED',
              'INTERNAL_ERROR',
              'UNAVAILABLE',
            ]),
          },
        },
      },
      '/api/v1/service/invoice/{cufe}/tacit-acceptance': {
        post: {
          operationId: 'issueTacitAcceptance',
          summary: "Issue the seller's tacit acceptance (RADIAN 034) of an accepted invoice",
          description:
            "Asks DIAN for the invoice's RADIAN events first, then, when the buyer registered the receipt of the goods (032) three Colombian business days ago or more and neither claimed (031) nor accepted expressly (033), signs the 034 with the tenant's certificate and sends it (docs/radian.md). " +
            'The status then shows `buyer_answer` `tacitly_accepted`. A tenant set to "automatic" has it issued on its own; one set to "offer" (the default) issues it here. No body.',
          parameters: [{ name: 'cufe', in: 'path', required: true, schema: ref('Cufe') }],
          responses: {
            '201': {
              description: 'DIAN registered the 034 now.',
              headers: requestId,
              content: json(ref('RadianEventResponse')),
            },
            '200': {
              description: 'The invoice was tacitly accepted before (a repeated request): the 034 registered then.',
              headers: requestId,
              content: json(ref('RadianEventResponse')),
            },
            '202': pending,
            ...errors([
              'VALIDATION_ERROR',
              'UNAUTHORIZED',
              'INVOICE_NOT_FOUND',
              'INVOICE_NOT_ACCEPTED',
              'TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED',
              'TACIT_ACCEPTANCE_TOO_EARLY',
              'TACIT_ACCEPTANCE_BUYER_ANSWERED',
              'TACIT_ACCEPTANCE_REJECTED',
              'RATE_LIMITED',
              'INTERNAL_ERROR',
              'UNAVAILABLE',
            ]),
          },
        },
      },
      '/api/v1/service/invoice/{cufe}/title-value': titleValueEvent(
        'registerTitleValue',
        'Register an accepted invoice as a título valor (RADIAN 036)',
        "When the buyer accepted the invoice (033, or the seller's 034) and it was sold on credit, signs the 036 with the tenant's certificate, addressed to DIAN, with the invoice's value, what was paid and its due date, and sends it (docs/radian.md). The body may be empty.",
        { required: false, content: json(ref('TitleValueRequest')) },
        ['TITLE_VALUE_CASH_INVOICE', 'TITLE_VALUE_NOT_ACCEPTED'],
      ),
      '/api/v1/service/invoice/{cufe}/endorsement': titleValueEvent(
        'endorseTitleValue',
        'Endorse the título valor to a factor (RADIAN 037, endoso en propiedad)',
        "When the invoice is registered as a título valor (036) and the seller still holds it, signs the 037 addressed to the endorsee with the negotiation (endorsed value, price, discount rate, payment means), each side's participation, the invoice's due date and the endorsement's kind, and sends it (docs/radian.md).",
        { required: true, content: json(ref('EndorsementRequest')) },
        ['NIT_INVALID', 'TITLE_VALUE_CASH_INVOICE', 'TITLE_VALUE_NOT_REGISTERED', 'TITLE_VALUE_NOT_HOLDER'],
      ),
      ...receivedInvoicePaths({ ref, json, errors, requestId }),
      '/api/v1/service/status/{cufe}': {
        get: {
          operationId: 'getInvoiceStatus',
          summary: 'Status of an invoice by its CUFE',
          parameters: [{ name: 'cufe', in: 'path', required: true, schema: ref('Cufe') }],
          responses: {
            '200': {
              description: 'The invoice, its stage and its history; links are fresh.',
              headers: requestId,
              content: json(ref('InvoiceStatusResponse')),
            },
            ...errors([
              'VALIDATION_ERROR',
              'UNAUTHORIZED',
              'INVOICE_NOT_FOUND',
              'RATE_LIMITED',
              'INTERNAL_ERROR',
              'UNAVAILABLE',
            ]),
          },
        },
      },
      '/api/v1/service/invoices/{cufe}/events': {
        get: {
          operationId: 'getInvoiceEvents',
          summary: 'Every recorded event of an invoice, by its CUFE',
          description:
            "The invoice's history as the event store holds it, oldest first: each event with its time, causation, " +
            "the digest of every file it names and its tamper-evidence digest. Only the tenant's own invoices: another tenant's cufe is answered like an unknown one.",
          parameters: [{ name: 'cufe', in: 'path', required: true, schema: ref('Cufe') }],
          responses: {
            '200': {
              description: 'The events, oldest first.',
              headers: requestId,
              content: json(ref('InvoiceEventsResponse')),
            },
            ...errors([
              'VALIDATION_ERROR',
              'UNAUTHORIZED',
              'INVOICE_NOT_FOUND',
              'RATE_LIMITED',
              'INTERNAL_ERROR',
              'UNAVAILABLE',
            ]),
          },
        },
      },
      '/api/v1/service/tenant/readiness': {
        get: {
          operationId: 'tenantReadiness',
          summary: "Whether the API takes this tenant's documents now, and how long its signing certificate lasts",
          description:
            'The checks behind `403 TENANT_NOT_READY` (company data, a numbering resolution, a certificate valid now), answered without sending a document. ' +
            'A certificate within 30, 7 or 1 days of its end adds a `CERTIFICATE_EXPIRING` warning and `ready_with_warnings`; only its end makes the tenant `not_ready`.',
          responses: {
            '200': {
              description: 'Where the tenant stands.',
              headers: requestId,
              content: json(ref('TenantReadinessResponse')),
            },
            ...errors(['UNAUTHORIZED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'UNAVAILABLE']),
          },
        },
      },
      '/files/{key}': {
        get: {
          operationId: 'getFile',
          summary: 'A stored document (signed XML, PDF) by its capability link',
          description:
            'The `xml_url` and `pdf_url` of an answer, in the embedded shape. The link itself is the authorisation (no API key): it names one file until it expires.',
          security: [],
          parameters: [
            {
              name: 'key',
              in: 'path',
              required: true,
              description: 'Tenant and file name, e.g. `demo/SETP990000001.xml`.',
              schema: { type: 'string' },
            },
            { name: 'expires', in: 'query', required: true, description: 'Unix seconds.', schema: { type: 'string' } },
            {
              name: 'signature',
              in: 'query',
              required: true,
              description: 'HMAC-SHA256 of key and expiry, base64url.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description: 'The file.',
              content: {
                'application/xml': { schema: { type: 'string' } },
                'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
              },
            },
            ...errors(['LINK_INVALID', 'FILE_NOT_READY', 'ROUTE_NOT_FOUND', 'LINK_EXPIRED']),
          },
        },
      },
      '/docs': {
        get: {
          operationId: 'getApiReference',
          summary: 'This reference, rendered for a browser (Swagger UI, served by the service itself)',
          security: [],
          responses: {
            '200': { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
            ...errors([]),
          },
        },
      },
      '/docs/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI document',
          description:
            'Its `servers` names the address the request reached: `FE_BASE_URL` when configured, else the `Host` it was sent to (`https` when `X-Forwarded-Proto` says so).',
          security: [],
          responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) }, ...errors([]) },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: '`fe_test_…` (habilitación) or `fe_live_…` (production) API key.',
        },
      },
    },
  };
}
