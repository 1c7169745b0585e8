import type { FastifyInstance, RouteOptions } from 'fastify';
import Router from 'find-my-way';

type HTTPMethod = Router.HTTPMethod;

/**
 * Which methods a path has, from the routes the app registers, so a wrong method on any known path is 405 with
 * `Allow`; it uses fastify's own router so a path matches here exactly when it would there.
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
