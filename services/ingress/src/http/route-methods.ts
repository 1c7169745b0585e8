import type { FastifyInstance, RouteOptions } from 'fastify';
import Router from 'find-my-way';

type HTTPMethod = Router.HTTPMethod;

/**
 * Which methods a path has, learned from the routes the app registers (its `onRoute` hook), so a
 * wrong method on a known path is 405 with `Allow`, not 404, for every route, present or future.
 * The lookup uses find-my-way, fastify's own router, with fastify's default options, so a path
 * matches here exactly when it would match there.
 *
 *   const methods = collectRouteMethods(app); // before the routes are registered
 *   methods.allowed('/api/v1/service/invoice'); // ['POST']
 */
export function collectRouteMethods(app: FastifyInstance): { allowed(url: string): HTTPMethod[] } {
  const router = Router();
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat() as HTTPMethod[]) {
      router.on(method, route.url, () => undefined);
      methods.add(method);
    }
  });
  return {
    allowed(url) {
      const path = url.split('?')[0]!;
      return [...methods].filter((method) => router.find(method, path) !== null).sort();
    },
  };
}
