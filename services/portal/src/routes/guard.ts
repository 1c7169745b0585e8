import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../ports/account-store.ts';
import { layout, type Nav } from '../html/layout.ts';
import type { Html } from '../html/html.ts';
import { pageBanners } from '../html/banners.ts';

/** The logged-in account, or undefined after answering with a redirect to the login page. */
export function requireAccount(request: FastifyRequest, reply: FastifyReply): Account | undefined {
  const account = request.visitor.account;
  if (!account) void reply.redirect('/admin/login', 303);
  return account;
}

/** Sends a page in the layout, with the account's menu when logged in. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { title: string; body: Html; nav?: Nav; status?: number },
) {
  const account = request.visitor.account;
  return reply
    .status(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(
      layout({
        title: page.title,
        body: page.body,
        nav: page.nav,
        banner: pageBanners(request),
        ...(account ? { account: { email: account.email, csrf: request.visitor.csrf } } : {}),
      }),
    );
}

/** A form post's text field ('' when absent or not text). */
export const text = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** A form post's field as typed (passwords are not trimmed). */
export const exact = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
