// A visitor of the admin portal over plain HTTP: its cookies, the form token of the page it read, and the address
// it comes from (a loopback address of its own, so the portal sees several clients).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { send, type Answer, type SendOptions } from './http.ts';

export const ACCOUNT_PASSWORD = 'una clave larga para el cliente hostil';

export class Visitor {
  readonly cookies = new Map<string, string>();
  readonly portal: string;
  readonly localAddress: string | undefined;

  constructor(portal: string, localAddress?: string) {
    this.portal = portal;
    this.localAddress = localAddress;
  }

  async request(path: string, options: SendOptions = {}): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await send(`${this.portal}${path}`, {
      timeoutMs: 30_000,
      ...options,
      localAddress: options.localAddress ?? this.localAddress,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    const setCookie = answer.headers['set-cookie'] ?? [];
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (pair!.slice(at + 1) === '' || /Max-Age=0/.test(line)) this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return answer;
  }

  /** The form token on `page` ('' when the page has none: a refusal will say so). */
  async csrf(page: string): Promise<string> {
    return /name="csrf" value="([^"]+)"/.exec((await this.request(page)).text)?.[1] ?? '';
  }

  /** Posts a form with the token of `formPage` (default the same path). */
  async post(path: string, fields: Record<string, string>, formPage = path, options: SendOptions = {}) {
    const body = new URLSearchParams({ ...fields, csrf: await this.csrf(formPage) }).toString();
    return this.request(path, {
      ...options,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}

/** A multipart body of `fields` and one file part `p12`, with its boundary. */
export function multipart(fields: Record<string, string>, file?: Buffer, boundary = 'hostileBoundary7MA4YWxk') {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(parts.join(''));
  const fileHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="p12"; filename="firma.p12"\r\n` +
      'Content-Type: application/x-pkcs12\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat(file ? [head, fileHead, file, tail] : [head, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Signs up `email`, follows the confirmation link from the outbox, and fills the company and software steps:
 * logged in, at the certificate step.
 */
export async function onboardedVisitor(portal: string, outboxDir: string, email: string): Promise<Visitor> {
  const visitor = new Visitor(portal);
  await visitor.post('/signup', { email, password: ACCOUNT_PASSWORD, repeat: ACCOUNT_PASSWORD });
  const link = await linkMailedTo(outboxDir, email, 'confirm');
  await visitor.request(link.slice(link.indexOf('/admin/') + '/admin'.length));
  await visitor.post('/onboarding/company', {
    legalName: 'Hostil Pruebas S.A.S.',
    nit: '860002964',
    dv: '4',
    personType: '1',
    taxScheme: '01',
    taxLevelCodes: 'R-99-PN',
    addressLine: 'Carrera 7 # 71-21',
    cityCode: '11001',
  });
  const saved = await visitor.post('/onboarding/software', {
    providerNit: '860002964',
    providerDv: '4',
    providerName: 'Hostil Pruebas S.A.S.',
    id: '5b7c3a9e-1f2d-4c6b-8a0e-9d1f2e3c4b5a',
    pin: 'Pin75315x',
    testSetId: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
  });
  if (saved.headers.location !== '/admin/onboarding/certificate')
    throw new Error(`the portal did not take the onboarding steps: ${saved.status} ${saved.text.slice(0, 300)}`);
  return visitor;
}

/** The newest `/admin/<path>?token=` link mailed to `to`, waited for a few seconds. */
async function linkMailedTo(outboxDir: string, to: string, path: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    })();
    const texts = files.map((f) => readFileSync(join(outboxDir, f), 'utf8')).filter((t) => t.includes(to));
    const link = texts
      .map((t) => t.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .map((t) => new RegExp(`https?://\\S+/admin/${path}\\?token=[A-Za-z0-9_-]+`).exec(t)?.[0])
      .find(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no ${path} link mailed to ${to} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
