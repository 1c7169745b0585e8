// A cookie-keeping HTTP client for the admin portal's form posts, without a browser.
import { linkInOutbox } from './browser.ts';
import { closeAfterward } from './http-client.ts';

export type PortalAnswer = { status: number; headers: Headers; text: string; setCookies: string[] };

export class PortalClient {
  readonly cookies = new Map<string, string>();
  private readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  /** Chooses `password` on the page a reset mail's `link` opens, signing in; answers the form's post. */
  async choosePassword(link: URL, password = 'una clave larga y segura'): Promise<PortalAnswer> {
    return this.post(
      '/admin/password/new',
      { token: link.searchParams.get('token')!, password, repeat: password },
      { formPage: `${link.pathname}${link.search}` },
    );
  }

  async get(path: string): Promise<PortalAnswer> {
    return this.send(path, { method: 'GET' });
  }

  /** Posts a form; `csrf: 'auto'` (the default) takes the token from the page at `formPage` first. */
  async post(
    path: string,
    fields: Record<string, string>,
    options: { formPage?: string; csrf?: string | 'auto' | 'none' } = {},
  ): Promise<PortalAnswer> {
    const body = new URLSearchParams(fields);
    const csrf = options.csrf ?? 'auto';
    if (csrf === 'auto') body.set('csrf', await this.csrfFrom(options.formPage ?? path));
    else if (csrf !== 'none') body.set('csrf', csrf);
    return this.send(path, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  /** Posts a multipart form as a browser does (a file field), with the form token of `formPage`. */
  async postFile(
    path: string,
    fields: Record<string, string>,
    file: { field: string; name: string; type: string; bytes: Uint8Array },
  ): Promise<PortalAnswer> {
    const form = new FormData();
    form.set('csrf', await this.csrfFrom(path));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(file.field, new Blob([file.bytes], { type: file.type }), file.name);
    return this.send(path, { method: 'POST', body: form });
  }

  async csrfFrom(page: string): Promise<string> {
    const { text } = await this.get(page);
    const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    if (!token) throw new Error(`no form token on ${page}`);
    return token;
  }

  /** Signs up and confirms through the outbox link: logged in afterwards. */
  async signUp(dataDir: string, email: string, password: string): Promise<void> {
    await this.post('/admin/signup', { email, password, repeat: password });
    const link = new URL(linkInOutbox(dataDir, email, 'confirm'));
    await this.get(`${link.pathname}${link.search}`);
  }

  private async send(path: string, init: RequestInit): Promise<PortalAnswer> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    closeAfterward(headers);
    const response = await fetch(`${this.url}${path}`, { ...init, headers, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '' || /Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, headers: response.headers, text: await response.text(), setCookies };
  }
}

export const errorCodeOf = (page: string): string | undefined => /data-error-code="([A-Z_0-9]+)"/.exec(page)?.[1];
