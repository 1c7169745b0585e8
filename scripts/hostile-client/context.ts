// What every probe receives: the service, the run's settings, and the documents numbered so far (p.4 checks them).
import { send, type Answer, type SendOptions } from './http.ts';
import type { Target } from './target.ts';
import type { Settings } from './settings.ts';

export type Context = {
  target: Target;
  settings: Settings;
  /** CUFE/CUDE of every document a probe got numbered, with the key of its tenant. */
  numbered: Map<string, string>;
  log(line: string): void;
};

export const invoiceRequest = (overrides: Record<string, unknown> = {}) => ({
  customer: {
    document_type: '31',
    document_number: '900108281',
    name: 'Cliente de Ejemplo S.A.S.',
    email: 'compras@cliente.example',
  },
  lines: [
    {
      code: 'SRV-001',
      name: 'Consultoría',
      quantity: 2,
      unit_price: 150000,
      taxes: [{ code: '01', name: 'IVA', rate: 19 }],
    },
  ],
  payment: { method_code: '10' },
  ...overrides,
});

/** A call to the API as the demo tenant (or `apiKey`; null: none); a numbered document is remembered. */
export async function api(
  context: Context,
  path: string,
  body: unknown,
  options: SendOptions & { apiKey?: string | null; raw?: string | Buffer } = {},
): Promise<Answer> {
  const key = options.apiKey === undefined ? context.target.apiKey : options.apiKey;
  const answer = await send(`${context.target.url}${path}`, {
    method: body === undefined && options.raw === undefined ? 'GET' : 'POST',
    timeoutMs: 60_000,
    ...options,
    headers: {
      ...(body !== undefined || options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...options.headers,
    },
    ...(options.raw !== undefined ? { body: options.raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const cufe = jsonOf(answer)?.cufe;
  if (typeof cufe === 'string' && answer.status < 500) context.numbered.set(cufe, key ?? '');
  return answer;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
export function jsonOf(answer: Pick<Answer, 'text'>): any {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/** The status of a numbered document, as the tenant that numbered it sees it. */
export const statusOf = (context: Context, cufe: string, apiKey = context.target.apiKey) =>
  api(context, `/api/v1/service/status/${cufe}`, undefined, { apiKey, timeoutMs: 15_000 });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
