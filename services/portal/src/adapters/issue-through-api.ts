import { traceHeaders } from '@fe/telemetry';
import type { FastifyInstance } from 'fastify';
import type { IssueThroughApi } from '../ports/issue-through-api.ts';

/** Through the app in this process (the embedded shape): Fastify's inject, no socket. */
export function issueByInject(app: () => FastifyInstance): IssueThroughApi {
  return async (apiKey, document, idempotencyKey) => {
    const answer = await app().inject({
      method: 'POST',
      url: '/api/v1/service/invoice',
      payload: document as object,
      headers: {
        authorization: `Bearer ${apiKey}`,
        prefer: 'wait=0',
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
    });
    return { status: answer.statusCode, body: answer.json() };
  };
}

/**
 * Over HTTP to an ingress (the portal's own process in the distributed shape, FE_PORTAL_API_URL); with the
 * portal request's trace context, so each invoice of the set is in the trace of the request that started it.
 */
export function issueOverHttp(apiUrl: string): IssueThroughApi {
  return async (apiKey, document, idempotencyKey) => {
    const answer = await fetch(new URL('/api/v1/service/invoice', apiUrl), {
      method: 'POST',
      body: JSON.stringify(document),
      signal: AbortSignal.timeout(30_000),
      headers: {
        ...traceHeaders(),
        authorization: `Bearer ${apiKey}`,
        prefer: 'wait=0',
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
    });
    return {
      status: answer.status,
      body: (await answer.json().catch(() => ({}))) as Awaited<ReturnType<IssueThroughApi>>['body'],
    };
  };
}
