import { PlatformError } from '@fe/platform';

/**
 * Rejects with a retriable STORE_UNAVAILABLE if the operation has not settled within `ms`: the client's reads take
 * no deadline, and a server that never answers would hold the caller for ever.
 */
export async function withinDeadline<T>(
  ms: number,
  what: string,
  work: (expired: () => boolean) => Promise<T>,
): Promise<T> {
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
