import { createHmac } from 'node:crypto';
import { networkOf } from '@fe/platform';
import type { AttemptStore } from '../ports/attempt-store.ts';

export type ThrottleOptions = {
  /**
   * Login attempts for one email from one client network within `windowMs`; the next from there is refused, even
   * with the right password. Other networks are not affected: no address can lock the owner out.
   */
  maxFailures: number;
  /** Failed logins from one client address (any emails) within `windowMs` before the address is refused. */
  maxAddressFailures: number;
  /**
   * Failed logins for one email from every network within `windowMs` before it is refused to browsers without a
   * known-device cookie for it (a guess spread over many addresses); the owner's browsers still log in.
   */
  maxAccountFailures: number;
  windowMs: number;
  /** Login, sign-up and reset posts per client address per minute. */
  postsPerMinute: number;
  /** Sign-up and reset mails to one email per hour. */
  mailsPerHour: number;
};

type Kind = 'login-pair' | 'login-account' | 'login-address' | 'posts-address' | 'mails-email';

/**
 * Login lockout and form-post limits over the shared attempt store (docs/portal.md, "Security"), so every
 * portal instance counts together. The store gets HMACs, never the email or the address.
 */
export class LoginThrottle {
  private readonly store: AttemptStore;
  private readonly secret: Uint8Array;
  private readonly options: ThrottleOptions;

  constructor(store: AttemptStore, secret: Uint8Array, options: ThrottleOptions) {
    this.store = store;
    this.secret = secret;
    this.options = options;
  }

  /**
   * Counts a login attempt for `email` from `address` (before the password is checked, so a lock caps the guesses);
   * locked: refuse it whatever the password. `knownDevice`: the browser logged in to this email before.
   */
  async beginLogin(email: string, address: string, now: Date, knownDevice = false): Promise<{ locked: boolean }> {
    const { maxFailures, maxAddressFailures, maxAccountFailures, windowMs } = this.options;
    const pair = await this.store.hit(this.pairKey(email, address), { windowMs, limit: maxFailures }, now);
    const addressFailures = await this.store.count(this.key('login-address', address), now);
    const accountFailures = await this.store.count(this.key('login-account', email), now);
    const locked =
      pair > maxFailures ||
      addressFailures >= maxAddressFailures ||
      (!knownDevice && accountFailures >= maxAccountFailures);
    return { locked };
  }

  /** A password that was checked and refused: counts against the address and the account too. */
  async loginFailed(email: string, address: string, now: Date): Promise<void> {
    const { maxAddressFailures, maxAccountFailures, windowMs } = this.options;
    await this.store.hit(this.key('login-address', address), { windowMs, limit: maxAddressFailures }, now);
    await this.store.hit(this.key('login-account', email), { windowMs, limit: maxAccountFailures }, now);
  }

  /** Forgets this network's attempts for the email; the account-wide failures stay (others may be guessing). */
  async loginSucceeded(email: string, address: string): Promise<void> {
    await this.store.clear(this.pairKey(email, address));
  }

  /** True when this post is within the address's budget (and counts it). */
  async allowPost(address: string, now: Date): Promise<boolean> {
    return this.withinBudget(this.key('posts-address', address), 60_000, this.options.postsPerMinute, now);
  }

  /** True when a sign-up or reset mail may go to `email` (and counts it). */
  async allowMail(email: string, now: Date): Promise<boolean> {
    return this.withinBudget(this.key('mails-email', email), 3_600_000, this.options.mailsPerHour, now);
  }

  /** The first attempt over the budget opens the window again: whoever floods waits a full window. */
  private async withinBudget(key: string, windowMs: number, budget: number, now: Date): Promise<boolean> {
    return (await this.store.hit(key, { windowMs, limit: budget + 1 }, now)) <= budget;
  }

  private pairKey(email: string, address: string): string {
    return this.key('login-pair', `${email}\u0000${networkOf(address)}`);
  }

  private key(kind: Kind, value: string): string {
    const subject = kind.endsWith('-address') ? networkOf(value) : value;
    return createHmac('sha256', this.secret).update(`attempt\u0000${kind}\u0000${subject}`).digest('base64url');
  }
}
