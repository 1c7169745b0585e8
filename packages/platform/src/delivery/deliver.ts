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
  /** How long a store outage is waited out before its failures spend attempts; default STORE_OUTAGE_BUDGET_MS. */
  outageBudgetMs?: number;
};

/**
 * A store that is down (S3, PostgreSQL restarting: a retriable STORE_UNAVAILABLE) or full or busy (a transient
 * storage error: SQLite full, PostgreSQL class 08/53) is waited out this long without spending an attempt, so an
 * outage of seconds dead-letters nothing; past it, failures count again, so nothing waits for ever unseen.
 */
const STORE_OUTAGE_BUDGET_MS = 300_000;
const OUTAGE_WAIT_MAX_MS = 5_000;

/** Runs the handler up to `maxAttempts` times with doubling backoff; a store outage spends none (above). */
export async function attemptDelivery(options: AttemptOptions): Promise<AttemptOutcome> {
  const { delivered, maxAttempts, retryBackoffMs } = options;
  const outageBudgetMs = options.outageBudgetMs ?? STORE_OUTAGE_BUDGET_MS;
  let lastError = '';
  let outageSince: number | undefined;
  let outageWait = Math.max(retryBackoffMs, 1);
  for (let attempt = 1; attempt <= maxAttempts;) {
    const handler = options.handler();
    if (!handler) return { outcome: 'stopped' };
    try {
      await handler({ ...delivered, attempt });
      return { outcome: 'handled' };
    } catch (error) {
      lastError = describeFailure(error);
      if (
        (isStoreOutage(error) || isTransientStorageError(error)) &&
        Date.now() - (outageSince ??= Date.now()) < outageBudgetMs
      ) {
        await options.whileWaiting?.().catch(() => undefined);
        await sleep(outageWait);
        outageWait = Math.min(outageWait * 2, OUTAGE_WAIT_MAX_MS);
        continue;
      }
      if (attempt < maxAttempts) {
        await options.whileWaiting?.().catch(() => undefined);
        await sleep(retryBackoffMs * 2 ** (attempt - 1));
      }
      attempt++;
    }
  }
  return { outcome: 'failed', error: lastError.slice(0, 500) };
}

/** A store's own word that it is down for now (errors.ts: PlatformError, retriable), not that it refused for good. */
function isStoreOutage(error: unknown): boolean {
  const { code, retriable } = (error ?? {}) as { code?: unknown; retriable?: unknown };
  return code === 'STORE_UNAVAILABLE' && retriable === true;
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
