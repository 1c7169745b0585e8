import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../ports/account-store.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { csrfToken, newToken, tokenHash } from './tokens.ts';

export const SESSION_COOKIE = 'fe_admin_session';
const VISITOR_COOKIE = 'fe_admin_visitor';

/**
 * Who is asking: the logged-in account (with its session token) or an anonymous visitor; the CSRF token for their
 * forms.
 */
export type Visitor = {
  account: Account | undefined;
  sessionToken: string | undefined;
  csrf: string;
  bindingKey: string;
};

export function readCookies(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's form sends it), Secure unless configured off, scoped
 * to /admin.
 */
export function setCookie(
  reply: FastifyReply,
  deps: PortalDeps,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  const attributes = [
    `${name}=${value}`,
    'Path=/admin',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(deps.config.secureCookies ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; ')); // fastify appends set-cookie headers, never replaces them
}

/** The visitor behind a request: a valid session's account, else an anonymous visitor cookie (issued when missing). */
export async function identify(request: FastifyRequest, reply: FastifyReply, deps: PortalDeps): Promise<Visitor> {
  const cookies = readCookies(request);
  const sessionToken = cookies.get(SESSION_COOKIE);
  if (sessionToken) {
    const session = await deps.accounts.session(tokenHash(sessionToken), deps.clock.now());
    const account = session && (await deps.accounts.accountById(session.accountId));
    if (account)
      return {
        account,
        sessionToken,
        bindingKey: `session:${sessionToken}`,
        csrf: csrfToken(deps.csrfKey, `session:${sessionToken}`),
      };
  }
  let visitor = cookies.get(VISITOR_COOKIE);
  if (!visitor || !/^[A-Za-z0-9_-]{43}$/.test(visitor)) {
    visitor = newToken();
    setCookie(reply, deps, VISITOR_COOKIE, visitor, 24 * 3600);
  }
  return {
    account: undefined,
    sessionToken: undefined,
    bindingKey: `visitor:${visitor}`,
    csrf: csrfToken(deps.csrfKey, `visitor:${visitor}`),
  };
}

/**
 * A fresh session after login or a password reset: a new random token (the one the browser had,
 * if any, is ended), so a token planted before login never becomes a logged-in session.
 */
export async function startSession(
  reply: FastifyReply,
  deps: PortalDeps,
  accountId: string,
  previousToken: string | undefined,
): Promise<void> {
  if (previousToken) await deps.accounts.deleteSession(tokenHash(previousToken));
  const token = newToken();
  const seconds = Math.round(deps.config.sessionHours * 3600);
  await deps.accounts.createSession(tokenHash(token), accountId, new Date(deps.clock.now().getTime() + seconds * 1000));
  setCookie(reply, deps, SESSION_COOKIE, token, seconds);
  setCookie(reply, deps, VISITOR_COOKIE, '', 0);
}
