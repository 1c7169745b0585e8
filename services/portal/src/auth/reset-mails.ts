import { randomInt } from 'node:crypto';
import type { PortalDeps } from '../portal-deps.ts';
import type { LoginThrottle } from './throttle.ts';
import { newToken, tokenHash } from './tokens.ts';

const HOUR = 3_600_000;
/** Requests waiting beyond this are dropped (logged): a flood cannot grow the queue without end. */
const MAX_PENDING = 1000;

/**
 * Password-reset requests, handled one by one after their answer: the account look-up, the token and the mail
 * happen off the request path, so a reset for a known email answers exactly as one for an unknown email.
 * A request still queued at a crash is lost; the person asks again.
 */
export class ResetMails {
  private readonly deps: PortalDeps;
  private readonly throttle: LoginThrottle;
  private readonly pending: string[] = [];
  private running: Promise<void> | undefined;

  constructor(deps: PortalDeps, throttle: LoginThrottle) {
    this.deps = deps;
    this.throttle = throttle;
  }

  /** Queues a reset for `email` (normalized); returns at once whatever the email. */
  request(email: string): void {
    if (this.pending.length >= MAX_PENDING) {
      this.deps.logger.warn({ event: 'portal.reset_dropped' }, 'password reset queue full; request dropped');
      return;
    }
    this.pending.push(email);
    // A random moment later: the work of a known email then slows no answer in particular, least of all its own.
    this.running ??= new Promise<void>((started) => setTimeout(started, randomInt(50, 250)))
      .then(() => this.work())
      .finally(() => (this.running = undefined));
  }

  /** Resolves when every queued request was handled (the portal's close waits on it). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private async work(): Promise<void> {
    for (let email = this.pending.shift(); email !== undefined; email = this.pending.shift()) {
      try {
        await this.send(email);
      } catch (error) {
        // no email and no token: the log is not an account list
        this.deps.logger.error(
          { event: 'portal.reset_failed', err: { name: (error as Error).name, message: (error as Error).message } },
          'password reset mail not sent',
        );
      }
    }
  }

  private async send(email: string): Promise<void> {
    const { accounts, clock, mail } = this.deps;
    const account = await accounts.accountByEmail(email);
    const allowed = await this.throttle.allowMail(email, clock.now()); // counted for any email: the same writes
    if (!account || !allowed) return;
    const token = newToken();
    await accounts.saveToken(tokenHash(token), account.id, 'reset', new Date(clock.now().getTime() + HOUR));
    await mail.send({
      to: email,
      subject: 'Restablezca su contraseña',
      text: `Para elegir una contraseña nueva abra este enlace (vence en una hora):\n\n${this.deps.baseUrl}/admin/password/new?token=${token}\n\nSi usted no lo pidió, ignore este mensaje: su contraseña no cambia.\n`,
    });
  }
}
