import { receptionMailboxRequestSchema, type ReceptionMailboxResponse } from '@fe/contracts';
import { imapSettings, isMailError } from '@fe/mail';
import type { Clock } from '@fe/platform';
import type { ReceptionMailboxStore } from '@fe/received-invoices';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';

const PATH = '/api/v1/service/reception-mailbox';

/** Why the IMAP settings cannot be used, in Spanish, by @fe/mail's code. */
const refusals: Record<string, { field: string; message: string }> = {
  MAILBOX_URL_INVALID: { field: 'url', message: 'La URL debe ser imaps://servidor o imap://servidor.' },
  MAILBOX_URL_HAS_CREDENTIALS: { field: 'url', message: 'La URL no lleva usuario ni clave: van en user y password.' },
  MAILBOX_CREDENTIALS_MISSING: { field: 'user', message: 'Faltan el usuario o la clave del buzón.' },
};

/**
 * The tenant's reception mailbox (docs/mailbox.md): set, read (never its password) and removed; the ingress's poller
 * reads it from the next poll on.
 */
export function receptionMailboxRoute(ports: { mailboxes: ReceptionMailboxStore; clock: Clock }): FastifyPluginAsync {
  return async (app) => {
    const answer = async (tenantId: string): Promise<ReceptionMailboxResponse> => {
      const found = await ports.mailboxes.get(tenantId);
      return found
        ? {
            configured: true,
            url: found.url,
            user: found.user,
            folder: found.folder,
            updated_at: found.updatedAt.toISOString(),
          }
        : { configured: false };
    };

    app.get(PATH, async (request) => answer(request.tenantId));

    app.put(PATH, async (request) => {
      const body = receptionMailboxRequestSchema.safeParse(request.body);
      if (!body.success)
        throw new ApiError(
          'VALIDATION_ERROR',
          'El buzón de recepción tiene campos inválidos o faltantes.',
          body.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })),
        );
      try {
        imapSettings(body.data); // the URL, the TLS rule and the credentials, as the poller will read them
      } catch (error) {
        if (!isMailError(error)) throw error;
        const refusal = refusals[error.code] ?? { field: 'url', message: 'El buzón no se puede usar así.' };
        throw new ApiError('VALIDATION_ERROR', refusal.message, [{ path: refusal.field, message: error.code }]);
      }
      const { password, ...settings } = body.data;
      await ports.mailboxes.set(request.tenantId, settings, password, ports.clock.now());
      return answer(request.tenantId);
    });

    app.delete(PATH, async (request, reply) => {
      await ports.mailboxes.remove(request.tenantId);
      return reply.code(204).send();
    });
  };
}
