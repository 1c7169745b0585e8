import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { closeOnUnreadBody } from '@fe/service-runtime';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { csrfTokenMatches } from './auth/tokens.ts';
import { LoginThrottle } from './auth/throttle.ts';
import { identify, type Visitor } from './auth/visitor.ts';
import { currentExpiry, type CertificateStanding } from './expiry/current-expiry.ts';
import { startExpirySweep } from './expiry/expiry-sweep.ts';
import { currentContingency } from './contingency/current-contingency.ts';
import type { ContingencyStanding } from './contingency/contingency-words.ts';
import { PortalError } from './errors.ts';
import { anonymousUpload, multipartOptions, refuseBodyFromHead } from './http/body-guard.ts';
import { bodyReadEnds, bodyReadStarts, refusalOf } from './http/refusal-of.ts';
import { notice } from './html/form.ts';
import { pageBanners } from './html/banners.ts';
import { layout } from './html/layout.ts';
import { portalRefusals } from './pages/messages.ts';
import type { PortalDeps } from './portal-deps.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { invoiceRoutes } from './routes/invoice-routes.ts';
import { paperInvoiceRoutes } from './routes/paper-invoice-routes.ts';
import { receivedInvoiceRoutes } from './routes/received-invoice-routes.ts';
import { onboardingRoutes } from './routes/onboarding-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the portal's preHandler on every /admin request. */
    visitor: Visitor;
    /** The logged-in tenant's certificate, where it stands now (the banner); set with `visitor`. */
    certificateExpiry: CertificateStanding | undefined;
    /** The logged-in tenant's untransmitted contingency invoices (the banner); set with `visitor`. */
    contingency: ContingencyStanding | undefined;
  }
}

const assets = {
  'portal.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('./assets/portal.css', import.meta.url)),
  },
  'portal.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('./assets/portal.js', import.meta.url)),
  },
} as const;

/** Nothing inline, nothing from elsewhere, no framing: an injected tag could neither run nor load. */
const securityHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cache-control': 'no-store',
};

/** Posts that guess at accounts: rate-limited per client address. */
const throttledPosts = new Set(['/admin/login', '/admin/signup', '/admin/password', '/admin/password/new']);

/**
 * The administration portal (docs/portal.md), a fastify plugin to register under `/admin`.
 *
 *   await app.register(createPortal(deps), { prefix: '/admin' });
 */
export function createPortal(deps: PortalDeps): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    const throttle = new LoginThrottle(deps.attempts, deps.csrfKey, {
      maxFailures: deps.config.loginFailuresBeforeLockout,
      maxAddressFailures: deps.config.loginFailuresPerAddress,
      maxAccountFailures: deps.config.loginFailuresPerAccount,
      windowMs: deps.config.lockoutMinutes * 60_000,
      postsPerMinute: deps.config.formPostsPerMinute,
      mailsPerHour: deps.config.mailsPerEmailPerHour,
    });
    // Urlencoded forms, and multipart on the upload form only; any other type is refused (415), JSON included.
    scope.removeAllContentTypeParsers();
    await scope.register(formbody, { bodyLimit: 64 * 1024 });
    // The .p12 upload: one file, small; fields and file buffered so the CSRF check sees them all.
    await scope.register(multipart, multipartOptions);
    scope.decorateRequest('visitor', undefined as unknown as Visitor);
    scope.decorateRequest('certificateExpiry', undefined);
    scope.decorateRequest('contingency', undefined);
    // The expiry warnings' mail (docs/portal.md, "Certificate expiry"), where a composition root gave their record.
    const warnings = deps.expiryWarnings;
    if (warnings) {
      let stop: (() => Promise<void>) | undefined;
      scope.addHook('onReady', async () => {
        const ports = { ...deps, warnings, baseUrl: () => deps.baseUrl };
        stop = startExpirySweep(ports, deps.config.certificateSweepMs);
      });
      scope.addHook('onClose', async () => stop?.());
    }

    scope.addHook('onSend', async (_request, reply, payload) => {
      for (const [name, value] of Object.entries(securityHeaders)) reply.header(name, value);
      return payload;
    });
    closeOnUnreadBody(scope); // a refusal of a large body still reaches the client
    // Who asks, and what the head alone refuses, before a byte of the body is read.
    scope.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/admin/assets/')) return;
      refuseBodyFromHead(request);
      request.visitor = await identify(request, reply, deps);
      const tenantId = request.visitor.account?.tenantId;
      if (tenantId) {
        request.certificateExpiry = await currentExpiry(deps, tenantId);
        request.contingency = await currentContingency(deps, tenantId);
      }
      if (anonymousUpload(request)) return reply.header('connection', 'close').redirect('/admin/login', 303);
    });
    scope.addHook('preParsing', async (request) => bodyReadStarts(request));
    scope.addHook('preHandler', async (request) => {
      bodyReadEnds(request);
      if (request.url.startsWith('/admin/assets/') || request.method !== 'POST') return;
      const path = request.url.split('?')[0]!;
      if (throttledPosts.has(path) && !(await throttle.allowPost(request.ip, deps.clock.now())))
        throw new PortalError('RATE_LIMITED');
      const given = (request.body as Record<string, unknown> | undefined)?.csrf;
      if (!csrfTokenMatches(deps.csrfKey, request.visitor.bindingKey, given)) throw new PortalError('CSRF_INVALID');
    });

    scope.get('/assets/:name', async (request, reply) => {
      const asset = assets[(request.params as { name: string }).name as keyof typeof assets];
      if (!asset) throw new PortalError('NOT_FOUND');
      return reply.type(asset.type).header('cache-control', 'public, max-age=300').send(asset.body);
    });

    scope.setErrorHandler((error, request, reply) => refusalPage(error, request, reply, deps));
    scope.setNotFoundHandler((request, reply) => refusalPage(new PortalError('NOT_FOUND'), request, reply, deps));

    accountRoutes(scope, deps, throttle);
    onboardingRoutes(scope, deps);
    settingsRoutes(scope, deps);
    invoiceRoutes(scope, deps);
    paperInvoiceRoutes(scope, deps);
    receivedInvoiceRoutes(scope, deps);
  };
}

/** A refusal the routes did not render beside a field: a page in the layout with its code. */
function refusalPage(error: unknown, request: FastifyRequest, reply: FastifyReply, deps: PortalDeps) {
  const known = refusalOf(error, request);
  if (!known) {
    // Never the body: it may hold a password or a .p12.
    deps.logger.error(
      {
        err: {
          name: (error as Error).name,
          code: (error as { code?: string }).code,
          message: (error as Error).message,
        },
        url: request.routeOptions.url,
      },
      'portal request failed',
    );
  }
  // The rest of a refused body is not read: the connection ends with the answer.
  if (!request.raw.complete) reply.header('connection', 'close');
  if (known?.code === 'STORAGE_FULL') reply.header('retry-after', '60');
  const code = known?.code;
  const account = request.visitor?.account;
  const body = notice(
    'error',
    code ? portalRefusals[code] : 'Algo falló de nuestro lado. Inténtelo de nuevo en un momento.',
    code ?? 'INTERNAL',
  );
  return reply
    .status(known?.status ?? 500)
    .type('text/html; charset=utf-8')
    .send(
      layout({
        title: code === 'NOT_FOUND' ? 'No encontrada' : 'No se pudo completar',
        body,
        banner: pageBanners(request),
        ...(account && request.visitor ? { account: { email: account.email, csrf: request.visitor.csrf } } : {}),
      }),
    );
}
