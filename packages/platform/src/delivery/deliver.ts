import type { DeadLetterInput } from '../ports/dead-letter-store.ts';
import { deadLetterHeaders, type BusMessage, type DeliveredMessage } from '../ports/event-bus.ts';
import { isTransientStorageError } from './transient-storage-error.ts';

/**
 * What every bus adapter does around a consumer group's handler, so the in-process and the Kafka
 * bus retry, describe failures and dead-letter alike (ports/event-bus.ts states the rules).
 */
export type Handler = (message: DeliveredMessage) => Promise<void>;

export type AttemptOutcome = { outcome: 'handled' } | { outcome: 'stopped' } | { outcome: 'failed'; error: string };

export type AttemptOptions = {
  delivered: Omit<DeliveredMessage, 'attempt'>;
  maxAttempts: number;
  /** First retry delay in ms, doubled each retry. */
  retryBackoffMs: number;
  /** The member's handler now, or undefined once it stops (the message is then not committed: redelivered). */
  handler: () => Handler | undefined;
  /** Called while waiting between attempts (Kafka: a heartbeat, so a slow retry is not taken for a dead member). */
  whileWaiting?: () => Promise<void>;
};

/** A storage outage is waited out at most this long between tries, so the group catches up soon after it ends. */
const TRANSIENT_BACKOFF_MAX_MS = 5000;

/**
 * Runs the handler up to `maxAttempts` times with doubling backoff. A transient storage failure (full, busy, down)
 * is not counted: it is retried until the storage recovers or the member stops, the group staying behind meanwhile.
 */
export async function attemptDelivery(options: AttemptOptions): Promise<AttemptOutcome> {
  const { delivered, maxAttempts, retryBackoffMs } = options;
  let lastError = '';
  let counted = 0;
  let waits = 0;
  for (let attempt = 1; ; attempt++) {
    const handler = options.handler();
    if (!handler) return { outcome: 'stopped' };
    try {
      await handler({ ...delivered, attempt });
      return { outcome: 'handled' };
    } catch (error) {
      lastError = describeFailure(error);
      const transient = isTransientStorageError(error);
      if (!transient) counted++;
      if (counted >= maxAttempts) break;
      await options.whileWaiting?.().catch(() => undefined);
      await sleep(
        transient
          ? Math.min(Math.max(retryBackoffMs, 1) * 2 ** Math.min(waits++, 16), TRANSIENT_BACKOFF_MAX_MS)
          : retryBackoffMs * 2 ** (counted - 1),
      );
    }
  }
  return { outcome: 'failed', error: lastError.slice(0, 500) };
}

/**
 * Keeps a dead letter before the group may move past it: a failing store holds the partition rather than lose the
 * message. False when the member stopped first (the message is redelivered).
 */
export async function keepUntilKept(
  keep: () => Promise<void>,
  options: { backoffMs: number; stopped: () => boolean; failed: (error: unknown) => void },
): Promise<boolean> {
  for (let wait = Math.max(options.backoffMs, 1); ; wait = Math.min(wait * 2, 5000)) {
    if (options.stopped()) return false;
    try {
      await keep();
      return true;
    } catch (error) {
      options.failed(error);
      await sleep(wait);
    }
  }
}

/** The message as it goes to `<topic>.dlq`: as delivered, plus why and by whom it was given up. */
export function deadLetterMessage(letter: DeadLetterInput): BusMessage {
  return {
    ...letter.message,
    headers: {
      ...letter.message.headers,
      [deadLetterHeaders.originalTopic]: letter.topic,
      [deadLetterHeaders.group]: letter.group,
      [deadLetterHeaders.error]: letter.error,
      [deadLetterHeaders.attempts]: String(letter.attempts),
    },
  };
}

/**
 * `Name CODE: message` for the dead-letter header and store: the stable code of a catalogued error
 * (docs/architecture.md, convention 4) first, where operators look, unless the message already leads with it.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const coded = typeof code === 'string' && !error.message.startsWith(code) ? ` ${code}` : '';
  return `${error.name}${coded}: ${error.message}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
