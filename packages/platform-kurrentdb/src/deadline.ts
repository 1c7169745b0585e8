import { PlatformError } from '@fe/platform';

/**
 * Runs one store operation and rejects with a retriable STORE_UNAVAILABLE if it has not settled
 * within `ms`. The client's reads (its native bridge) take no deadline, and a server that accepts
 * connections but never answers would otherwise hold the caller for ever; `expired()` tells a read
 * loop to stop. A failure of the abandoned work after the deadline is nobody's to handle.
 */
export async function withinDeadline<T>(ms: number, what: string, work: (expired: () => boolean) => Promise<T>): Promise<T> {
  let expired = false;
  let timer: NodeJS.Timeout | undefined;
  const running = work(() => expired);
  running.catch(() => {});
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired = true;
      reject(new PlatformError('STORE_UNAVAILABLE', `KurrentDB did not ${what} within ${ms} ms; retry`, true));
    }, ms);
  });
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
