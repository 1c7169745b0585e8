// Other clients' view while a probe works: the health URLs timed before (the baseline) and during it.
import { send } from './http.ts';

export type Watch = { sent: number; failed: string[]; slow: string[]; worstMs: number };

/** The median time of `rounds` sequential GETs of every health URL. */
export async function baselineMs(urls: string[], rounds = 15): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++)
    for (const url of urls) {
      const answer = await send(url, { timeoutMs: 10_000 });
      if (answer.status === 200) times.push(answer.ms);
    }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 1000;
}

/**
 * Until `until` settles, one client per health URL (and per `localAddresses`) GETs it, waits for the answer (at most
 * `timeoutMs`), pauses `everyMs`, again: an answer that is not a 200 within `boundMs` is failed (none came) or slow.
 */
export async function watchWhile(
  until: Promise<unknown>,
  urls: string[],
  boundMs: number,
  options: { everyMs?: number; localAddresses?: (string | undefined)[]; timeoutMs?: number } = {},
): Promise<Watch> {
  const watch: Watch = { sent: 0, failed: [], slow: [], worstMs: 0 };
  let done = false;
  void until.then(
    () => (done = true),
    () => (done = true),
  );
  const client = async (url: string, localAddress: string | undefined) => {
    const from = localAddress ? ` from ${localAddress}` : '';
    while (!done) {
      watch.sent++;
      const answer = await send(url, { timeoutMs: options.timeoutMs ?? Math.max(boundMs * 3, 10_000), localAddress });
      watch.worstMs = Math.max(watch.worstMs, answer.ms);
      if (answer.status !== 200)
        watch.failed.push(`${url}${from}: ${answer.status || answer.error} after ${Math.round(answer.ms)} ms`);
      else if (answer.ms > boundMs) watch.slow.push(`${url}${from}: ${Math.round(answer.ms)} ms`);
      await new Promise((r) => setTimeout(r, options.everyMs ?? 250));
    }
  };
  await Promise.all(urls.flatMap((url) => (options.localAddresses ?? [undefined]).map((a) => client(url, a))));
  return watch;
}
