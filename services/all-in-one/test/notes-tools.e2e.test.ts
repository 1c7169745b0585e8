/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Notes in the tools around the API: the README example, the buyer's mail, `fe verify`, the portal pages and
// `fe audit verify`, on the untouched folder and on copies edited by hand.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { createInvoiceResponseSchema } from '@fe/contracts';
import { demoSoftware } from '@fe/dian-domain';
import { readMail } from '@fe/mail';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fe, findingCodes as codes, pinnedPublicKey, tamperedCopy } from '../test-support/audit-cli.ts';
import { PortalClient } from '../test-support/portal-client.ts';
import { pollStatus, startWorld, type HttpAnswer, type World } from '../test-support/world.ts';

const root = new URL('../../../', import.meta.url).pathname;

/** The JSON body of the README's credit-note curl line, as a reader would paste it. */
function readmeCreditNoteBody(readme: string): unknown {
  const data = /\/api\/v1\/service\/credit-note \\\n[\s\S]*?--data '([^']+)'/.exec(readme)?.[1];
  if (!data) throw new Error("the README has no credit-note curl line with --data '…'");
  return JSON.parse(data);
}

let world: World;
let invoice: any;
let readmeNote: HttpAnswer;
const notes: Record<string, any> = {};

async function postNote(kind: 'credit' | 'debit', body: unknown): Promise<HttpAnswer> {
  const response = await fetch(`${world.url}/api/v1/service/${kind}-note`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
}

beforeAll(async () => {
  world = await startWorld();
  // The quick start: the README's first curl line posts examples/invoice-request.json.
  const quickStart = await world.post(JSON.parse(readFileSync(join(root, 'examples/invoice-request.json'), 'utf8')));
  expect(quickStart.status, quickStart.text).toBe(201);
  invoice = quickStart.body;
  readmeNote = await postNote('credit', readmeCreditNoteBody(readFileSync(join(root, 'README.md'), 'utf8')));
  expect(readmeNote.status, readmeNote.text).toBe(201);
  notes.NC1 = readmeNote.body;
  const small = {
    code: 'DESC-1',
    name: 'Descuento comercial',
    quantity: 1,
    unit_price: 1000,
    taxes: [{ code: '01', name: 'IVA', rate: 19 }],
  };
  for (const [kind, body] of [
    ['credit', { invoice: { cufe: invoice.cufe }, concept: '3', lines: [small] }],
    ['credit', { invoice: { cufe: invoice.cufe }, concept: '3', lines: [small] }],
    [
      'debit',
      {
        invoice: { cufe: invoice.cufe },
        concept: '1',
        lines: [{ code: 'INT-1', name: 'Intereses de mora', quantity: 1, unit_price: 10000 }],
      },
    ],
  ] as const) {
    const answer = await postNote(kind, body);
    expect(answer.status, answer.text).toBe(201);
    notes[answer.body.number] = answer.body;
  }
  // Then a cancellation of exactly what is left (one line without taxes), which voids the invoice.
  const left = (await world.get(`/api/v1/service/status/${invoice.cufe}`)).body.balance;
  const cancellation = await postNote('credit', {
    invoice: { cufe: invoice.cufe },
    concept: '2',
    lines: [{ code: 'ANU-1', name: 'Anulación del saldo', quantity: 1, unit_price: left }],
  });
  expect(cancellation.status, cancellation.text).toBe(201);
  notes[cancellation.body.number] = cancellation.body;
  expect(Object.keys(notes)).toEqual(['NC1', 'NC2', 'NC3', 'ND1', 'NC4']);
  // A document's last step is the mail to its buyer: the store is settled after it.
  for (const cufe of [invoice.cufe, ...Object.values(notes).map((n) => n.cufe)])
    await pollStatus(world, cufe, (b) => b.buyer_notification?.stage === 'sent');
});
afterAll(async () => world?.close());

it("the README's credit-note example, posted after the quick-start invoice, is answered 201 with credit note NC1", () => {
  expect(invoice.number).toBe('SETP990000000'); // the invoice the README's example names
  expect(createInvoiceResponseSchema.parse(readmeNote.body)).toMatchObject({
    success: true,
    status: 'accepted',
    number: 'NC1',
    document_type: 'credit_note',
    concept: '1',
    referenced_invoice: { number: 'SETP990000000', cufe: invoice.cufe },
  });
});

describe("the buyer's mail of a note (embedded outbox)", () => {
  it("holds one mail to the invoice's buyer with the note's AttachedDocument zip, which `fe verify` names as the credit note and its CUDE", async () => {
    const outbox = join(world.dataDir, 'outbox');
    const mails = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readMail(readFileSync(join(outbox, f))));
    const ofNote = mails.filter((m) => m.subject.split(';')[2] === 'NC1');
    expect(ofNote).toHaveLength(1);
    const [mail] = ofNote as [ReturnType<typeof readMail>];
    expect(mail.headers.get('to')).toBe('compras@cliente.example');
    expect(mail.subject.split(';')[3]).toBe('91'); // annex §9.1: a credit note's type code
    expect(mail.attachments).toHaveLength(1);
    const files = unzipSync(mail.attachments[0]!.content);
    const xmlName = Object.keys(files).find((f) => f.endsWith('.xml'))!;
    const attached = Buffer.from(files[xmlName]!).toString('utf8');
    expect(attached).toContain('<AttachedDocument');
    expect(attached).toContain(notes.NC1.cufe);

    const zipFile = join(world.dataDir, mail.attachments[0]!.filename);
    writeFileSync(zipFile, mail.attachments[0]!.content);
    const caFile = join(world.dataDir, 'demo-ca.pem');
    writeFileSync(caFile, (await world.embedded.tenants.trustedCaPems('demo'))[0]!);
    const report = fe('verify', zipFile, '--trusted', caFile, '--technical-key', demoSoftware.pin);
    expect(report.status, report.stdout + report.stderr).toBe(0);
    expect(report.stdout).toMatch(
      new RegExp(`^OK {3}credit note: document: credit note NC1, CUDE ${notes.NC1.cufe}$`, 'm'),
    );
    expect(report.stdout).toMatch(/^OK {3}credit note: CUDE: recomputed, matches cbc:UUID$/m);
    expect(report.stdout).toMatch(/^OK {3}AttachedDocument → credit note: the container names CUDE /m);
    expect(report.stdout).toMatch(/^OK {3}DIAN ApplicationResponse: speaks of the credit note's CUDE/m);
    expect(report.stdout).not.toMatch(/invoice|CUFE/);
  });
});

describe('the portal', () => {
  let portal: PortalClient;
  beforeAll(async () => {
    portal = new PortalClient(world.url);
    await portal.signUp(world.dataDir, 'contabilidad@demo.example', 'una clave larga y segura');
    // The demo tenant has no portal account of its own: the one just confirmed is made its account, in its file.
    const db = new DatabaseSync(join(world.dataDir, 'portal.sqlite'));
    db.prepare('UPDATE accounts SET tenant_id = ? WHERE email = ?').run('demo', 'contabilidad@demo.example');
    db.close();
  });

  it('lists each document with its kind and filters by kind', async () => {
    const all = await portal.get('/admin/invoices');
    expect(all.status).toBe(200);
    expect(all.text).toMatch(
      /<tr data-invoice="SETP990000000" data-kind="invoice">[\s\S]*?<td data-label="Tipo">Factura <span data-voided>\(Anulada\)<\/span><\/td>/,
    );
    expect(all.text).toMatch(
      /<tr data-invoice="NC1" data-kind="credit_note">[\s\S]*?<td data-label="Tipo">Nota crédito<\/td>/,
    );
    expect(all.text).toMatch(
      /<tr data-invoice="ND1" data-kind="debit_note">[\s\S]*?<td data-label="Tipo">Nota débito<\/td>/,
    );
    const debits = await portal.get('/admin/invoices?kind=debit_note');
    expect([...debits.text.matchAll(/<tr data-invoice="([^"]+)"/g)].map((m) => m[1])).toEqual(['ND1']);
  });

  it('shows the invoice with its notes, its balance and "Anulada", and a note with a link to its invoice', async () => {
    const invoicePage = await portal.get(`/admin/invoices/${encodeURIComponent('inv-demo-SETP990000000')}`);
    expect(invoicePage.status).toBe(200);
    expect([...invoicePage.text.matchAll(/<tr data-note="([^"]+)">/g)].map((m) => m[1])).toEqual([
      'NC1',
      'NC2',
      'NC3',
      'ND1',
      'NC4',
    ]);
    expect(invoicePage.text).toContain('<dd data-kind="invoice">Factura · <strong data-voided>Anulada</strong></dd>');
    expect(invoicePage.text).toMatch(
      /<tr data-note="NC4">[\s\S]*?2 · Anulación de factura electrónica[\s\S]*?data-status="accepted">Aceptada</,
    );
    expect(invoicePage.text).toMatch(
      /<tr data-note="NC1">[\s\S]*?\$ 178\.500,00[\s\S]*?data-status="accepted">Aceptada</,
    );
    const statusBody = (await world.get(`/api/v1/service/status/${invoice.cufe}`)).body;
    expect(statusBody).toMatchObject({ voided: true, balance: '0.00' });
    expect(invoicePage.text).toContain('<dt>Saldo</dt><dd data-balance="0.00">$ 0,00</dd>');
    const notePath = /<tr data-note="ND1">\s*<td data-label="Número"><a href="([^"]+)"/.exec(invoicePage.text)![1]!;
    const notePage = await portal.get(notePath);
    expect(notePage.text).toContain('<dd data-kind="debit_note">Nota débito</dd>');
    expect(notePage.text).toContain(
      '<dt>Corrige la factura</dt><dd data-referenced-invoice><a href="/admin/invoices/inv-demo-SETP990000000">SETP990000000</a>',
    );
  });
});

describe('fe audit verify on notes', () => {
  let publicKey: string;
  beforeAll(async () => {
    await world.stop(); // signs the head
    publicKey = pinnedPublicKey(world.dataDir).file;
  });
  const verify = (dir: string) => fe('audit', 'verify', '--data-dir', dir, '--public-key', publicKey);
  const tampered = (edit: (dir: string, db: DatabaseSync) => void) => tamperedCopy(world.dataDir, edit);
  const fileOf = (db: DatabaseSync, stream: string, type: string, field: string) =>
    JSON.parse(
      (
        db.prepare('SELECT envelope FROM events WHERE stream = ? AND type = ?').get(stream, type) as {
          envelope: string;
        }
      ).envelope,
    ).data[field] as string;

  it("passes the untouched store: the notes' XML, CUDEs and DIAN's answers, the invoice's ledger events", () => {
    const run = verify(world.dataDir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1 invoices, 5 credit\/debit notes, \d+ events/m);
    expect(run.stdout).toContain('no difference');
  });

  it("finds a note's signed XML changed, and its DIAN answer changed", () => {
    const xmlChanged = tampered((dir, db) => {
      const file = join(dir, 'files', fileOf(db, 'inv-demo-NC1', 'InvoiceSigned', 'xml_key'));
      writeFileSync(file, readFileSync(file, 'utf8').replace('Devolución de una hora', 'Devolución de dos horas'));
    });
    const xml = verify(xmlChanged);
    expect(codes(xml.stdout)).toEqual(['FILE_DIGEST_MISMATCH', 'SIGNATURE_INVALID']);
    expect(xml.stdout).toMatch(/^SIGNATURE_INVALID inv-demo-NC1: /m);
    const answerChanged = tampered((dir, db) => {
      const file = join(dir, 'files', fileOf(db, 'inv-demo-ND1', 'InvoiceAccepted', 'application_response_key'));
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          '<cbc:ResponseCode>02</cbc:ResponseCode>',
          '<cbc:ResponseCode>04</cbc:ResponseCode>',
        ),
      );
    });
    const answer = verify(answerChanged);
    expect(codes(answer.stdout)).toEqual(['APPLICATION_RESPONSE_MISMATCH', 'SIGNATURE_INVALID']);
    expect(answer.stdout).toMatch(/^APPLICATION_RESPONSE_MISMATCH inv-demo-ND1: /m);
  });

  it("recomputes each note's CUDE with the tenant's software PIN, and never prints the PIN", () => {
    const otherPin = 'OtroPin-7731';
    const dir = tampered(() => undefined);
    const software = join(dir, 'software.json');
    writeFileSync(software, JSON.stringify({ ...demoSoftware, pin: otherPin }));
    const set = fe('tenant', 'software', '--tenant', 'demo', software, '--data-dir', dir);
    expect(set.status, set.stdout + set.stderr).toBe(0);
    const run = verify(dir);
    expect(codes(run.stdout)).toEqual(['CUFE_MISMATCH']);
    expect([...run.stdout.matchAll(/^CUFE_MISMATCH (\S+): signed XML: CUDE: /gm)].map((m) => m[1]).sort()).toEqual([
      'inv-demo-NC1',
      'inv-demo-NC2',
      'inv-demo-NC3',
      'inv-demo-NC4',
      'inv-demo-ND1',
    ]);
    expect(run.stdout + run.stderr).not.toContain(otherPin);
    expect(run.stdout + run.stderr).not.toContain(demoSoftware.pin);
  });

  it('finds a note missing from the note series', () => {
    const gone = verify(tampered((_, db) => db.prepare('DELETE FROM events WHERE stream = ?').run('inv-demo-NC2')));
    // the live read model still holds the note's view
    expect(codes(gone.stdout)).toEqual(['CHECKPOINT_MISMATCH', 'NUMBERING_GAP', 'READ_MODEL_DIFFERS']);
    expect(gone.stdout).toMatch(/^NUMBERING_GAP tenant demo, prefix NC: no document with number 2$/m);
  });
});
