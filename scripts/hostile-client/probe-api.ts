// p.5, the API: bodies that once answered 500 or the wrong thing (nesting, a key reused across endpoints, declared
// charsets, an anonymous 50 MB body, a 1 MB key, concurrent notify, product rules on odd values).
import { outboxMailsTo } from '../../services/all-in-one/test-support/outbox.ts';
import { api, invoiceRequest, jsonOf, sleep, statusOf, type Context } from './context.ts';
import { codeOf, send, type Answer } from './http.ts';
import { streamPost } from './stream-post.ts';
import { Tally } from './tally.ts';

const MB = 1024 * 1024;

export async function probeApi(context: Context): Promise<Tally> {
  const tally = new Tally('p.5 API bad input');
  const call = async (what: string, path: string, body: unknown, options: Parameters<typeof api>[3] = {}) =>
    tally.count(await api(context, path, body, options), what);
  const cufe = await acceptedInvoice(context, tally);

  const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
  await call('3,000-deep JSON', '/api/v1/service/invoice', undefined, { raw: deep });
  await call('3,000-deep JSON with Idempotency-Key', '/api/v1/service/invoice', undefined, {
    raw: deep,
    headers: { 'idempotency-key': `deep-${Date.now()}` },
  });

  if (cufe) await keyAcrossEndpoints(tally, call, cufe);
  await charsets(tally, call);

  const anonymous = await streamPost(
    `${context.target.url}/api/v1/service/invoice`,
    { 'content-type': 'application/json' },
    50 * MB,
  );
  tally.count(anonymous, 'anonymous 50 MB POST');
  if (anonymous.writtenBeforeAnswer > 20 * MB)
    tally.isStuck(`anonymous 50 MB POST: ${(anonymous.writtenBeforeAnswer / MB).toFixed(0)} MB read before its answer`);

  const bigKey = await call('1 MB unknown key', '/api/v1/service/invoice', {
    ...invoiceRequest(),
    ['k'.repeat(1_000_000)]: 1,
  });
  if (bigKey.bytes > 64 * 1024) tally.isWrong(`1 MB unknown key: an error body of ${bigKey.bytes} bytes`);

  if (cufe) await concurrentNotify(context, tally, cufe);

  // Product rules: each must be a coded refusal or a documented acceptance; only a 5xx is a finding here.
  const rule = async (what: string, path: string, body: unknown) => {
    const answer = await call(what, path, body);
    tally.note(`${what}: ${answer.status} ${answer.status < 300 ? 'accepted' : codeOf(answer)}`);
  };
  await rule(
    'buyer name of U+200B only',
    '/api/v1/service/invoice',
    invoiceRequest({
      customer: { ...invoiceRequest().customer, name: '\u200b\u200b' },
    }),
  );
  await rule(
    'NIT 0000000',
    '/api/v1/service/invoice',
    invoiceRequest({
      customer: { ...invoiceRequest().customer, document_number: '0000000' },
    }),
  );
  if (cufe) {
    const zero = {
      invoice: { cufe },
      concept: '1',
      lines: [{ ...invoiceRequest().lines[0], unit_price: '0.00', quantity: 1 }],
    };
    await rule('credit note of 0.00', '/api/v1/service/credit-note', zero);
    await rule('debit note of 0.00', '/api/v1/service/debit-note', zero);
  }
  return tally;
}

/** An invoice DIAN accepted (for notes and notify), or undefined (noted) when none could be had. */
async function acceptedInvoice(context: Context, tally: Tally): Promise<string | undefined> {
  const answer = tally.count(await api(context, '/api/v1/service/invoice', invoiceRequest()), 'an ordinary invoice');
  const cufe = jsonOf(answer)?.cufe as string | undefined;
  for (const deadline = Date.now() + 60_000; cufe && Date.now() < deadline; await sleep(500)) {
    if (jsonOf(await statusOf(context, cufe))?.status === 'accepted') return cufe;
  }
  tally.isStuck(`an ordinary invoice was not accepted within 60 s (${answer.status} ${answer.text.slice(0, 200)})`);
  return undefined;
}

type Call = (what: string, path: string, body: unknown, options?: Parameters<typeof api>[3]) => Promise<Answer>;

/** One Idempotency-Key on /credit-note, then on /debit-note with the same body: never the credit note again. */
async function keyAcrossEndpoints(tally: Tally, call: Call, cufe: string) {
  const key = `across-${Date.now()}`;
  const note = {
    invoice: { cufe },
    concept: '1',
    lines: [{ ...invoiceRequest().lines[0], quantity: 1, unit_price: 1000 }],
  };
  const headers = { 'idempotency-key': key };
  await call('credit note with a key', '/api/v1/service/credit-note', note, { headers });
  const debit = await call('debit note with the same key', '/api/v1/service/debit-note', note, { headers });
  const type = jsonOf(debit)?.document_type;
  if (debit.status < 300 && type !== 'debit_note')
    tally.isWrong(`the credit note's key on /debit-note: ${debit.status} with document_type ${type}`);
}

/** A body in ISO-8859-1 declared so must be read so (or refused); a UTF-8 body declared UTF-16 must be refused. */
async function charsets(tally: Tally, call: Call) {
  const name = 'José Peña Núñez';
  const body = JSON.stringify(invoiceRequest({ customer: { ...invoiceRequest().customer, name } }));
  const latin1 = await call('charset=iso-8859-1', '/api/v1/service/invoice', undefined, {
    raw: Buffer.from(body, 'latin1'),
    headers: { 'content-type': 'application/json; charset=iso-8859-1' },
  });
  const xmlUrl = jsonOf(latin1)?.xml_url as string | undefined;
  if (latin1.status < 300 && xmlUrl) {
    const xml = await send(xmlUrl, { timeoutMs: 15_000 });
    if (xml.status !== 200) tally.note(`charset=iso-8859-1: the signed XML could not be read (${xml.status})`);
    else if (!xml.text.includes(name))
      tally.isWrong('charset=iso-8859-1: the signed XML does not carry the name as sent');
  }
  const utf16 = await call('UTF-8 body declared utf-16', '/api/v1/service/invoice', undefined, {
    raw: body,
    headers: { 'content-type': 'application/json; charset=utf-16' },
  });
  if (utf16.status < 300) tally.isWrong(`a UTF-8 body declared utf-16 was accepted (${utf16.status})`);
}

/** 30 notify requests with 30 addresses at once: every 202 must become a mail. */
async function concurrentNotify(context: Context, tally: Tally, cufe: string) {
  const addresses = Array.from({ length: 30 }, (_, i) => `hostil${i}.${Date.now()}@cliente.example`);
  const answers = await Promise.all(
    addresses.map((email) =>
      api(context, `/api/v1/service/invoice/${cufe}/notify`, { email }).then((a) => tally.count(a, 'notify')),
    ),
  );
  const promised = addresses.filter((_, i) => answers[i]!.status === 202);
  const mailed = () => promised.filter((to) => outboxMailsTo(context.target.outboxDir, to).length > 0).length;
  for (const deadline = Date.now() + 30_000; mailed() < promised.length && Date.now() < deadline;) await sleep(500);
  const sent = mailed();
  tally.note(`30 notify: ${promised.length} answered 202, ${sent} mailed`);
  if (sent < promised.length)
    tally.isWrong(`notify: ${promised.length - sent} of ${promised.length} 202s sent no mail`);
}
