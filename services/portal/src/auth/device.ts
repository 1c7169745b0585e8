import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalDeps } from '../portal-deps.ts';
import { readCookies, setCookie } from './visitor.ts';

const DEVICE_COOKIE = 'fe_admin_device';
const DEVICE_DAYS = 180;

const seal = (key: Uint8Array, nonce: string, email: string) =>
  createHmac('sha256', key).update(`device\u0000${nonce}\u0000${email}`).digest('base64url');

/**
 * Marks this browser as one that logged in to `email` (a random nonce and its HMAC, nothing stored): a login from it
 * is not refused by the account-wide lock that guesses from many addresses can set (docs/choices.md).
 */
export function rememberDevice(reply: FastifyReply, deps: PortalDeps, email: string): void {
  const nonce = randomBytes(16).toString('base64url');
  setCookie(reply, deps, DEVICE_COOKIE, `${nonce}.${seal(deps.csrfKey, nonce, email)}`, DEVICE_DAYS * 24 * 3600);
}

/** True when the browser holds a device cookie this portal made for `email`. */
export function isKnownDevice(request: FastifyRequest, key: Uint8Array, email: string): boolean {
  const [nonce, mac, extra] = (readCookies(request).get(DEVICE_COOKIE) ?? '').split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  const expected = Buffer.from(seal(key, nonce, email));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
