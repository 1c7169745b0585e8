import { buildOpenApiDocument } from '@fe/contracts';
import type { FastifyPluginAsync } from 'fastify';

/** GET /docs (and /docs/openapi.json): the OpenAPI 3.1 document generated from the contracts. */
export const docsRoute: FastifyPluginAsync = async (app) => {
  const document = JSON.stringify(buildOpenApiDocument(), null, 2);
  for (const path of ['/docs', '/docs/openapi.json']) {
    app.get(path, async (_request, reply) =>
      reply.header('content-type', 'application/json; charset=utf-8').send(document),
    );
  }
};
