/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The API as a test calls it, on either shape: the tenant's key by default, another or none on request.

export type HttpAnswer = { status: number; headers: Headers; body: any; text: string };

export type HttpClient = {
  post(
    body: unknown,
    options?: { apiKey?: string | null; headers?: Record<string, string>; raw?: string },
  ): Promise<HttpAnswer>;
  get(path: string, options?: { apiKey?: string | null }): Promise<HttpAnswer>;
};

/** Requests to `baseUrl` with `Authorization: Bearer <apiKey>` unless a call names another key (null: none). */
export function httpClient(baseUrl: string, apiKey: string): HttpClient {
  const call = async (path: string, init: RequestInit, key: string | null | undefined): Promise<HttpAnswer> => {
    const headers = new Headers(init.headers);
    const bearer = key === undefined ? apiKey : key;
    if (bearer !== null) headers.set('authorization', `Bearer ${bearer}`);
    closeAfterward(headers);
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body, text };
  };
  return {
    post: (body, options = {}) =>
      call(
        '/api/v1/service/invoice',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...options.headers },
          body: options.raw ?? JSON.stringify(body),
        },
        options.apiKey,
      ),
    get: (path, options = {}) => call(path, { method: 'GET' }, options.apiKey),
  };
}

/** Polls the status endpoint until `until` holds (bounded; never hangs a suite). */
export async function pollStatus(
  api: Pick<HttpClient, 'get'>,
  cufe: string,
  until: (body: any) => boolean,
  ms = 30_000,
): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await api.get(`/api/v1/service/status/${cufe}`);
    if (answer.status === 200 && until(answer.body)) return answer.body;
    if (Date.now() > deadline) throw new Error(`status of ${cufe} did not reach the condition: ${answer.text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One connection per request: on a loaded machine the test's timers run late, so a kept-alive socket the server has
 * just closed (its keep-alive timeout) can be reused and answer ECONNRESET. The suites test answers, not reuse.
 */
export function closeAfterward(headers: Headers): void {
  headers.set('connection', 'close');
}
