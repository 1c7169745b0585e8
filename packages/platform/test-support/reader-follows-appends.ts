import type { EventStore } from '../src/ports/event-store.ts';
import { sampleEnvelope } from './sample-envelope.ts';

export type FollowReport = { appended: number; missed: string[]; repeated: string[]; backwards: number };

/**
 * The global order rule under load (ports/event-store.ts): writers append while a reader follows `readAll` as
 * the relay does; reports events missed, repeated or read behind the checkpoint.
 */
export async function followWhileAppending(
  store: EventStore,
  options: { writers?: number; appendsPerWriter?: number; pageSize?: number } = {},
): Promise<FollowReport> {
  const { writers = 6, appendsPerWriter = 12, pageSize = 5 } = options;
  const prefix = `follow-${Math.random().toString(36).slice(2)}-`;
  const appended = new Set<string>();
  const seen = new Map<string, number>();
  let after = await store.head();
  let backwards = 0;
  let writing = true;

  const write = async (writer: number) => {
    const stream = `${prefix}${writer}`;
    for (let i = 0; i < appendsPerWriter; i++) {
      // One or two events per append: a batch's events must arrive together and in order too.
      const events = Array.from({ length: 1 + (i % 2) }, () => sampleEnvelope(stream));
      await store.append(stream, events, i === 0 ? 'no_stream' : 'stream_exists');
      for (const event of events) appended.add(event.id);
    }
  };
  const readPage = async () => {
    const page = await store.readAll({ after, limit: pageSize });
    for (const event of page) {
      if (event.position <= after) backwards++;
      after = event.position;
      if (event.stream.startsWith(prefix)) seen.set(event.envelope.id, (seen.get(event.envelope.id) ?? 0) + 1);
    }
    return page.length;
  };

  const writing$ = Promise.all(Array.from({ length: writers }, (_, w) => write(w))).finally(() => (writing = false));
  const reading$ = (async () => {
    while (writing) if ((await readPage()) === 0) await new Promise((resolve) => setImmediate(resolve));
    while ((await readPage()) > 0); // every append returned: all of it is committed and must be readable
  })();
  await Promise.all([writing$, reading$]);

  return {
    appended: appended.size,
    missed: [...appended].filter((id) => !seen.has(id)),
    repeated: [...seen].filter(([, times]) => times > 1).map(([id]) => id),
    backwards,
  };
}
