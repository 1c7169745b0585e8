import { createHmac } from 'node:crypto';
import { networkOf } from '@fe/platform';
import type { AttemptStore } from '../ports/attempt-store.ts';

export type ThrottleOptions = {
  /**
   * Login attempts that may fail for one email within `windowMs`; the next is refused, even with the right password.
   */
  maxFailures: number;
  /** Failed logins from one client address (any emails) within `windowMs` before the address is refused. */
  maxAddressFailures: number;
  windowMs: number;
  /** Login, sign-up and reset posts per client address per minute. */
  postsPerMinute: number;
  /** Sign-up and reset mails to one email per hour. */
  mailsPerHour: number;
};

type Kind = 'login-email' | 'login-address' | 'posts-address' | 'mails-email';

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

  /** Counts a login attempt for `email` from `address`; locked: refuse it whatever the password. */
  async beginLogin(email: string, address: string, now: Date): Promise<{ locked: boolean }> {
    const { maxFailures, maxAddressFailures, windowMs } = this.options;
    const attempts = await this.store.hit(this.key('login-email', email), { windowMs, limit: maxFailures }, now);
    const addressFailures = await this.store.count(this.key('login-address', address), now);
    return { locked: attempts > maxFailures || addressFailures >= maxAddressFailures };
  }

  /** A password that was checked and refused: counts against the address too. */
  async loginFailed(address: string, now: Date): Promise<void> {
    const { maxAddressFailures, windowMs } = this.options;
    await this.store.hit(this.key('login-address', address), { windowMs, limit: maxAddressFailures }, now);
  }

  async loginSucceeded(email: string): Promise<void> {
    await this.store.clear(this.key('login-email', email));
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

  private key(kind: Kind, value: string): string {
    const subject = kind.endsWith('-address') ? networkOf(value) : value;
    return createHmac('sha256', this.secret).update(`attempt\u0000${kind}\u0000${subject}`).digest('base64url');
  }
}
