import type { Logger } from '@fe/platform';
import { ImapFlow, type FetchMessageObject, type ImapFlowError } from 'imapflow';
import { MailError, type MailErrorCode } from './errors.ts';
import type { ImapSettings } from './imap-settings.ts';
import type { MailboxMessage, MailboxReader } from './mailbox-reader.ts';

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 1000;

/**
 * The IMAP adapter on imapflow: one connection, opened on the first call and again after it broke, the folder
 * selected read-write. The server's certificate is verified; imapflow's own logger stays off (it would log the
 * session). Bounds: the size limit before a download and on it, imapflow's response and literal caps just above it,
 * and every call under `callTimeoutMs` (the connection is dropped when it runs out).
 */
export function createImapMailboxReader(settings: ImapSettings, options: { logger?: Logger } = {}): MailboxReader {
  const mailbox = `${settings.display} ${settings.folder} as ${settings.auth.user}`;
  const log = options.logger?.child({ mailbox });
  let connection: Promise<ImapFlow> | undefined;
  const createdFolders = new Set<string>();

  const open = (): Promise<ImapFlow> => {
    if (!connection) {
      const forget = () => {
        if (connection === attempt) connection = undefined;
      };
      const attempt: Promise<ImapFlow> = connect(settings, log, forget).catch((error: unknown) => {
        forget();
        throw error;
      });
      connection = attempt;
    }
    return connection;
  };

  /** Runs one call on the connection under the call deadline; a timed out connection is dropped, and closed. */
  async function call<T>(what: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = open();
    const working = client.then(work);
    working.catch(() => undefined); // after a timeout its late failure is nobody's
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        if (connection === client) connection = undefined;
        client.then(
          (c) => c.close(),
          () => undefined,
        );
        reject(new MailError('MAILBOX_TIMEOUT', `${what} took over ${settings.callTimeoutMs} ms`));
      }, settings.callTimeoutMs);
    });
    try {
      return await Promise.race([working, deadline]);
    } catch (error) {
      const failure = toMailError(error, settings.auth.pass);
      log?.warn({ code: failure.code, call: what, reason: failure.message }, 'mailbox call failed');
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    mailbox,
    listUnseen: (limit = DEFAULT_LIST_LIMIT) =>
      call('list unseen', async (client) => {
        const uids = await client.search({ seen: false }, { uid: true });
        if (!Array.isArray(uids)) throw new MailError('MAILBOX_COMMAND_FAILED', 'SEARCH UNSEEN');
        const first = [...uids].sort((a, b) => a - b).slice(0, Math.min(Math.max(1, limit), MAX_LIST_LIMIT));
        if (first.length === 0) return [];
        const found = await client.fetchAll(
          first.join(','),
          { uid: true, envelope: true, internalDate: true, size: true },
          { uid: true },
        );
        return found.map(toMailboxMessage).sort((a, b) => a.uid - b.uid);
      }),
    fetchRaw: (uid) =>
      call('fetch', async (client) => {
        const limit = settings.maxMessageBytes;
        const meta = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
        if (!meta) throw new MailError('MAILBOX_MESSAGE_NOT_FOUND', `uid ${uid}`);
        if ((meta.size ?? 0) > limit)
          throw new MailError('MAIL_MESSAGE_TOO_LARGE', `uid ${uid}: ${meta.size} bytes, limit ${limit}`);
        // BODY.PEEK[]<0.limit+1>: leaves \Seen alone, and a server that understated the size still stops one byte past.
        const message = await client.fetchOne(
          String(uid),
          { uid: true, source: { maxLength: limit + 1 } },
          { uid: true },
        );
        if (!message || !message.source) throw new MailError('MAILBOX_MESSAGE_NOT_FOUND', `uid ${uid}`);
        if (message.source.length > limit)
          throw new MailError('MAIL_MESSAGE_TOO_LARGE', `uid ${uid}: over ${limit} bytes`);
        return message.source;
      }),
    markSeen: (uid) =>
      call('mark seen', async (client) => {
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      }),
    moveTo: (uid, folder) =>
      call('move', async (client) => {
        if (!createdFolders.has(folder)) {
          await client.mailboxCreate(folder); // an existing folder is no error
          createdFolders.add(folder);
        }
        const moved = await client.messageMove(String(uid), folder, { uid: true });
        if (!moved) throw new MailError('MAILBOX_COMMAND_FAILED', `MOVE uid ${uid} to ${folder}`);
      }),
    async close() {
      const current = connection;
      connection = undefined;
      if (!current) return;
      const client = await current.catch(() => undefined);
      if (!client) return;
      const timer = setTimeout(() => client.close(), settings.timeoutMs);
      await client.logout().catch(() => client.close());
      clearTimeout(timer);
    },
  };
}

async function connect(settings: ImapSettings, log: Logger | undefined, onClose: () => void): Promise<ImapFlow> {
  const literal = settings.maxMessageBytes + 64 * 1024;
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // true: STARTTLS or no session; undefined (loopback): STARTTLS when offered.
    ...(settings.requireTls ? { doSTARTTLS: true } : {}),
    tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    servername: settings.host,
    auth: { user: settings.auth.user, pass: settings.auth.pass },
    logger: false,
    emitLogs: false,
    disableAutoIdle: true,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    maxLiteralSize: literal,
    maxResponseSize: literal + 1024 * 1024,
    maxLineLength: 4 * 1024 * 1024,
  });
  // Without a listener an 'error' event would end the process; the call that fails says what happened.
  client.on('error', (error: ImapFlowError) => log?.debug({ imapCode: error.code }, 'mailbox connection error'));
  client.once('close', onClose);
  try {
    await client.connect();
    await client.mailboxOpen(settings.folder);
  } catch (error) {
    client.close();
    throw error;
  }
  log?.debug({}, 'mailbox connected');
  return client;
}

function toMailboxMessage(message: FetchMessageObject): MailboxMessage {
  return {
    uid: message.uid,
    messageId: message.envelope?.messageId ?? '',
    from: message.envelope?.from?.[0]?.address ?? '',
    subject: message.envelope?.subject ?? '',
    receivedAt: new Date(message.internalDate ?? 0),
    bytes: message.size ?? 0,
  };
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'NoConnection',
  'EConnectionClosed',
  'ClosedAfterConnectText',
  'StateLogout',
]);
const TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ETIMEOUT', 'ETIMEDOUT']);
const TOO_LARGE = new Set(['LiteralTooLarge', 'ResponseTooLarge', 'LineTooLarge', 'TooManyTokens', 'TooManyResponses']);

/**
 * imapflow's error → a stable code. The detail is imapflow's code and the server's answer, with the password cut out
 * should a server echo it; the original error is not kept as the cause, so no command text travels with it.
 */
function toMailError(error: unknown, password: string): MailError {
  if (error instanceof MailError) return error;
  const e = (error ?? {}) as ImapFlowError;
  const code: MailErrorCode = codeOf(e);
  const said = typeof e.responseText === 'string' ? e.responseText : typeof e.reason === 'string' ? e.reason : '';
  let detail = [e.code, said.slice(0, 200)].filter(Boolean).join(': ');
  if (password.length >= 3) detail = detail.split(password).join('***');
  return new MailError(code, detail || undefined);
}

function codeOf(e: ImapFlowError): MailErrorCode {
  const code = e.code ?? '';
  if (e.authenticationFailed) return 'MAILBOX_AUTH_FAILED';
  if (
    e.tlsFailed ||
    code === 'ClosedAfterConnectTLS' ||
    /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|UNABLE_TO_|SELF_SIGNED)/.test(code)
  )
    return 'MAILBOX_TLS_UNAVAILABLE';
  if (TIMEOUTS.has(code)) return 'MAILBOX_TIMEOUT';
  if (UNREACHABLE.has(code)) return 'MAILBOX_SERVER_UNREACHABLE';
  if (e.mailboxMissing) return 'MAILBOX_FOLDER_NOT_FOUND';
  if (TOO_LARGE.has(code) || code.startsWith('ParserError') || code === 'InvalidResponse')
    return 'MAILBOX_PROTOCOL_ERROR';
  if (e.responseStatus === 'NO' || e.responseStatus === 'BAD') return 'MAILBOX_COMMAND_FAILED';
  return 'MAILBOX_SERVER_UNREACHABLE';
}
