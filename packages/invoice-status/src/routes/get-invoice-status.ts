import { colombiaDateTime } from '@fe/dian-domain';
import type { BlobStore } from '@fe/platform';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ProjectionError } from '../errors.ts';
import { type InvoiceStatusView } from '../invoice-status.ts';
import { withNoteStatus } from '../notes.ts';
import { invoiceLinks, statusResponseBody } from '../response-body.ts';
import type { StatusStore } from '../store/status-store.ts';
import { sendError, tenantAndCufe } from './send-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated tenant, set by the host app's authentication hook (onRequest). */
    tenantId: string;
  }
}

export type StatusRoutesOptions = {
  store: Pick<StatusStore, 'findByCufe' | 'get'>;
  blobs: Pick<BlobStore, 'signedUrl'>;
  /** Lifetime of the xml_url and pdf_url links, in seconds (docs/api.md, "File links": 7 days by default). */
  linkTtlSeconds: number;
  /**
   * Today's Colombian date (YYYY-MM-DD), which says whether a tacit acceptance is available yet; default: the system
   * clock's. The embedded shape passes the submitter's RADIAN calendar (docs/radian.md).
   */
  today?: () => string;
};

const PATH = '/api/v1/service/status';

/**
 * GET …/status/<cufe> (docs/api.md, "Invoice status"), with fresh signed links each time. Another tenant's cufe
 * is answered exactly like an unknown one, so the endpoint does not reveal which cufes exist.
 */
export const statusRoutes: FastifyPluginAsync<StatusRoutesOptions> = async (app, options) => {
  const handler = async (request: FastifyRequest<{ Params: { cufe?: string; '*'?: string } }>, reply: FastifyReply) => {
    const asked = tenantAndCufe(request, reply, request.params.cufe ?? request.params['*'], PATH);
    if (!asked) return reply;
    try {
      const found = await options.store.findByCufe(asked.tenantId, asked.cufe);
      const view = found && (await withNotesAsTheyStand(options.store, found));
      if (!view)
        return sendError(reply, request, 404, 'INVOICE_NOT_FOUND', 'no invoice with this cufe for this tenant', []);
      const links = await invoiceLinks(options.blobs, view, options.linkTtlSeconds);
      // The links are capabilities minted for this answer: no shared cache may keep them.
      const today = options.today?.() ?? colombiaDateTime(new Date()).date;
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .send(statusResponseBody(view, links, today));
    } catch (error) {
      if (!(error instanceof ProjectionError && error.retriable)) throw error;
      request.log.warn({ code: error.code }, 'status store unavailable');
      return sendError(
        reply.header('retry-after', '1'),
        request,
        503,
        'UNAVAILABLE',
        'the status store is busy; try again',
        [],
      );
    }
  };

  app.get(`${PATH}/:cufe`, handler);
  // A segment longer than the router's maxParamLength (100 by default), or one holding a slash,
  // never matches `:cufe`; this catch-all gives those the contract's 400 instead of a bare 404.
  app.get(`${PATH}/*`, handler);
};

/**
 * An invoice's notes with each note's current status, read here rather than written into the invoice's row, so
 * that row keeps one writer and no handlers race on it.
 */
async function withNotesAsTheyStand(
  store: Pick<StatusStore, 'get'>,
  view: InvoiceStatusView,
): Promise<InvoiceStatusView> {
  let current = view;
  for (const note of view.notes ?? []) {
    if (note.noteInvoiceId === undefined) continue;
    const noteView = await store.get(note.noteInvoiceId);
    if (noteView) current = withNoteStatus(current, noteView);
  }
  return current;
}
