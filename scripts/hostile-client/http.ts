// One HTTP request with a deadline, from a chosen loopback address, its answer read up to a bound: no probe can hang
// the client, and every body the service sends is checked for a secret (secrets.ts) as it arrives.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export type Answer = {
  /** 0 when no answer came (`error` says why). */
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Bytes of the body, also those past the bound not kept in `text`. */
  bytes: number;
  ms: number;
  error?: string;
  /** Bytes of the request body written when the answer's head arrived. */
  writtenBeforeAnswer: number;
};

export type SendOptions = {
  method?: string;
  headers?: Record<string, string | number>;
  /** Large bodies go through stream-post.ts instead. */
  body?: string | Buffer;
  timeoutMs?: number;
  localAddress?: string | undefined;
  maxBytes?: number;
};

const watchers: ((text: string, url: string) => void)[] = [];
/** Called with every body read (secrets.ts looks for secrets in each). */
export const watchBodies = (watch: (text: string, url: string) => void) => void watchers.push(watch);

export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  const started = performance.now();
  const maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve) => {
    let written = 0;
    let settled = false;
    let answered = false;
    const finish = (answer: Omit<Answer, 'ms' | 'writtenBeforeAnswer'>, writtenBeforeAnswer = written) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...answer, ms: performance.now() - started, writtenBeforeAnswer });
    };
    const req = request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      localAddress: options.localAddress,
      agent: false,
    });
    const timer = setTimeout(
      () => finish({ status: 0, headers: {}, text: '', bytes: 0, error: 'timeout' }),
      options.timeoutMs ?? 30_000,
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) finish({ status: 0, headers: {}, text: '', bytes: 0, error: error.code ?? error.message });
    });
    req.on('response', (res) => {
      answered = true;
      const writtenBeforeAnswer = written;
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes < maxBytes) chunks.push(chunk);
        bytes += chunk.length;
      });
      const done = (error?: string) => {
        const text = Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
        for (const watch of watchers) watch(text, url);
        finish(
          { status: res.statusCode ?? 0, headers: res.headers, text, bytes, ...(error ? { error } : {}) },
          writtenBeforeAnswer,
        );
      };
      res.on('end', () => done());
      res.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'aborted'));
      res.on('aborted', () => done('aborted'));
    });
    if (options.body !== undefined) written = Buffer.byteLength(options.body);
    req.end(options.body);
  });
}

/** The error code an answer names: the API's JSON `error.code`, or the portal page's `data-error-code`. */
export function codeOf(answer: Pick<Answer, 'text'>): string {
  try {
    const code = (JSON.parse(answer.text) as { error?: { code?: unknown } }).error?.code;
    if (typeof code === 'string') return code;
  } catch {
    // not JSON: a page
  }
  return /data-error-code="([A-Z_0-9]+)"/.exec(answer.text)?.[1] ?? '-';
}
