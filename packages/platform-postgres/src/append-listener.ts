import type { Logger } from '@fe/platform';
import pg from 'pg';
import { checkSchemaName } from './pool.ts';

export type AppendListenerOptions = {
  connectionString: string;
  /** The event store's schema (its appends notify a channel of their own). Default 'fe'. */
  schema?: string;
  /** Called after each committed append; also after a reconnect, since notifications sent meanwhile are lost. */
  onAppend: () => void;
  logger: Logger;
  /** Waits between reconnects, doubling from 1 000 ms. Default at most 30 000 ms. */
  maxRetryMs?: number;
};

export type AppendListener = { close(): Promise<void> };

/** The channel migration 008 notifies for a schema. */
export const appendsChannel = (schema: string): string => `fe_appended_${checkSchemaName(schema)}`.slice(0, 63);

/**
 * LISTENs on a connection of its own for the event store's appends (migration 008), reconnecting with a growing
 * wait when the session ends: a caller keeps a slow poll as well, for the time a reconnect takes.
 */
export function listenForAppends(options: AppendListenerOptions): AppendListener {
  const channel = appendsChannel(options.schema ?? 'fe');
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    const session = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    client = session;
    session.on('notification', (message) => {
      if (message.channel === channel) options.onAppend();
    });
    // A session that ends (a restart, the network) must not crash the process: listen again later.
    session.on('error', (error) => again(session, error));
    session.on('end', () => again(session, undefined));
    try {
      await session.connect();
      await session.query(`SET application_name = 'fe append listener'; LISTEN "${channel}"`);
      failures = 0;
      options.onAppend(); // appends made while this session was not listening
    } catch (error) {
      again(session, error);
    }
  };

  const again = (session: pg.Client, error: unknown) => {
    if (closed || client !== session) return; // an old session's late events
    client = undefined;
    void session.end().catch(() => undefined);
    const waitMs = Math.min(options.maxRetryMs ?? 30_000, 1000 * 2 ** Math.min(failures++, 10));
    options.logger.warn(
      { err: error, channel, retry_in_ms: waitMs },
      'listening for appends failed; polling until it listens again',
    );
    retry = setTimeout(() => void connect(), waitMs);
    retry.unref();
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
