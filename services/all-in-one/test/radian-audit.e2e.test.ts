// The auditor's commands after a tacit acceptance on the embedded service (docs/audit.md, docs/radian.md): the
// simulator plays the buyer's 030 and 032, "today" moves three business days across a holiday, the service issues its
// 034, then registers the invoice as a título valor (036) and endorses it (037); `fe audit verify` passes (each own
// event's signature, certificate, CUDE with the registry's PIN, fields, DIAN's answer; every event's order) and
// `fe replay` rebuilds the RADIAN events into the status view. Copies edited by hand fail with their codes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buyerAnswer, colombiaDateTime, type RadianEventCode } from '@fe/dian-domain';
import { createApplicationResponseSigner, ephemeralIdentity } from '@fe/dian-simulator';
import { withoutSignature } from '@fe/dian-xml/testing';
import { SqliteStatusStore } from '@fe/invoice-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fe, findingCodes as codes, pinnedPublicKey, tamperedCopy } from '../test-support/audit-cli.ts';
import { receiptAcrossHoliday } from '../test-support/radian-days.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let world: World;
let today: string | undefined; // RADIAN's "today", moved with the simulator's
let invoice: { cufe: string; number: string; stream: string };
let publicKey: string;
const days = receiptAcrossHoliday();

beforeAll(async () => {
  // Checks every 300 ms instead of nextEventCheck's quarter of an hour, so the test sees them.
  world = await startWorld({ RADIAN_CHECK_MAX_INTERVAL_MS: '300', RADIAN_SWEEP_INTERVAL_MS: '100' }, undefined, {
    radianToday: () => today ?? colombiaDateTime(new Date()).date,
  });
  const simulator = world.embedded.simulator!;
  await world.embedded.tenants.updateTenant('demo', { tacitAcceptance: 'automatic' });
  // Sold on credit: only an invoice with a due date may become a título valor.
  const answer = await world.post({ ...exampleRequest, payment: { method_code: '31', due_date: '2030-12-31' } });
  expect(answer.status, answer.text).toBe(201);
  invoice = { cufe: answer.body.cufe, number: answer.body.number, stream: `inv-demo-${answer.body.number}` };
  await pollStatus(world, invoice.cufe, (b) => b.buyer_notification?.stage === 'sent');
  await simulator.setToday((today = days.receipt));
  for (const eventCode of ['030', '032'])
    expect(await simulator.playBuyer(invoice.cufe, { eventCode }), eventCode).toMatchObject({ ok: true });
  await simulator.setToday((today = days.tacitFrom));
  await pollStatus(world, invoice.cufe, (b) => b.buyer_answer === 'tacitly_accepted');
  // Then a título valor: registered (036) and endorsed (037), both signed here and audited like the 034.
  const endorsee = { name: 'Factor Capital S.A.S.', document_type: '31', id: '901234567', dv: 7, person_type: '1' };
  for (const [path, body] of [
    ['title-value', {}],
    ['endorsement', { endorsee, discount_rate: 2 }],
  ] as const) {
    const response = await fetch(`${world.url}/api/v1/service/invoice/${invoice.cufe}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.text()).toBe(201);
  }
  await world.stop(); // signs the head: every event is under a checkpoint
  publicKey = pinnedPublicKey(world.dataDir).file;
});
afterAll(async () => world?.close());

const verify = (dir: string) => fe('audit', 'verify', '--data-dir', dir, '--public-key', publicKey);
const tampered = (edit: (dir: string, db: DatabaseSync) => void) => tamperedCopy(world.dataDir, edit);
const radianRow = (db: DatabaseSync, code: string) =>
  db
    .prepare(
      `SELECT position, version, envelope FROM events WHERE stream = ? AND type = 'InvoiceRadianEventRegistered' AND json_extract(envelope, '$.data.code') = ?`,
    )
    .get(invoice.stream, code) as { position: number; version: number; envelope: string };
const own034 = (db: DatabaseSync) => JSON.parse(radianRow(db, '034').envelope).data;

describe('fe audit verify and fe replay after a tacit acceptance', () => {
  it('pass the untouched store: the 034, 036 and 037 checked like documents, every event in its place, the views rebuilt', async () => {
    const run = verify(world.dataDir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('5 RADIAN events, 3 issued here with a signed document');
    expect(run.stdout).toContain('no difference');

    const into = join(mkdtempSync(join(tmpdir(), 'fe-replay-')), 'status.sqlite');
    const replay = fe('replay', '--projection', 'status', '--into', into, '--data-dir', world.dataDir);
    expect(replay.status, replay.stdout + replay.stderr).toBe(0);
    expect(replay.stdout).toContain('the live read model equals the rebuild');
    const rebuilt = new SqliteStatusStore(into);
    const view = (await rebuilt.all()).find((v) => v.invoiceId === invoice.stream)!;
    await rebuilt.close();
    expect(view.radianEvents?.map((e) => [e.code, e.issued_by_us])).toEqual([
      ['030', false],
      ['032', false],
      ['034', true],
      ['036', true],
      ['037', true],
    ]);
    const events = view.radianEvents!.map((e) => ({ code: e.code as RadianEventCode, issueDate: e.issue_date }));
    expect(buyerAnswer(events).answer).toBe('tacitly_accepted');
  });

  it('finds the stored 034 edited: its digest and its signature', () => {
    const edited = tampered((dir, db) => {
      const file = join(dir, 'files', own034(db).event_key);
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('bajo la gravedad de juramento');
      writeFileSync(file, text.replace('bajo la gravedad de juramento', 'sin juramento alguno'));
    });
    const run = verify(edited);
    expect(run.status).toBe(1);
    expect(codes(run.stdout)).toEqual(['FILE_DIGEST_MISMATCH', 'SIGNATURE_INVALID']);
    expect(run.stdout).toMatch(
      new RegExp(`^SIGNATURE_INVALID ${invoice.stream}: event 034 TAC${invoice.number}: `, 'm'),
    );
  });

  it("finds DIAN's answer to the 034 signed again with another key", () => {
    const forged = tampered((dir, db) => {
      const file = join(dir, 'files', own034(db).application_response_key);
      const unsigned = withoutSignature(readFileSync(file, 'utf8'));
      writeFileSync(file, createApplicationResponseSigner(ephemeralIdentity(new Date())).sign(unsigned, new Date()));
    });
    expect(codes(verify(forged).stdout)).toEqual(['APPLICATION_RESPONSE_UNTRUSTED']);
  });

  it('finds the recorded 034 moved before its day: the chain, the document, the order and the live view disagree', () => {
    const moved = tampered((_, db) => {
      const row = radianRow(db, '034');
      const envelope = JSON.parse(row.envelope);
      envelope.data.issue_date = days.lastDayToAnswer;
      db.prepare('UPDATE events SET envelope = ? WHERE position = ?').run(JSON.stringify(envelope), row.position);
    });
    const run = verify(moved);
    expect(codes(run.stdout)).toEqual([
      'CHAIN_BROKEN',
      'RADIAN_EVENT_MISMATCH',
      'RADIAN_EVENT_OUT_OF_ORDER',
      'READ_MODEL_DIFFERS',
    ]);
    expect(run.stdout).toContain(
      `RADIAN_EVENT_OUT_OF_ORDER ${invoice.stream}: event 034 TAC${invoice.number}: issued ${days.lastDayToAnswer}, before ${days.tacitFrom}`,
    );
  });

  it("finds the buyer's receipt (032) removed from the stream: the 034 has nothing to follow", () => {
    const removed = tampered((_, db) => {
      const { position, version } = radianRow(db, '032');
      db.prepare('DELETE FROM events WHERE position = ?').run(position);
      db.prepare('UPDATE events SET version = version - 1 WHERE stream = ? AND version > ?').run(
        invoice.stream,
        version,
      );
    });
    const run = verify(removed);
    expect(codes(run.stdout)).toEqual(
      expect.arrayContaining(['CHAIN_BROKEN', 'RADIAN_EVENT_OUT_OF_ORDER', 'READ_MODEL_DIFFERS']),
    );
    expect(run.stdout).toContain(`event 034 TAC${invoice.number}: no 032 issued before it`);
  });

  it('fe replay finds the live view without its RADIAN events', () => {
    const edited = tampered((dir) => {
      const status = new DatabaseSync(join(dir, 'status.sqlite'));
      const { view } = status.prepare('SELECT view FROM invoice_status WHERE invoice_id = ?').get(invoice.stream) as {
        view: string;
      };
      const { radianEvents: _dropped, ...without } = JSON.parse(view);
      status
        .prepare('UPDATE invoice_status SET view = ? WHERE invoice_id = ?')
        .run(JSON.stringify(without), invoice.stream);
      status.close();
    });
    const replay = fe('replay', '--projection', 'status', '--data-dir', edited);
    expect(replay.status).toBe(1);
    expect(replay.stdout).toContain(`DIFFERS ${invoice.stream}`);
    const run = verify(edited);
    expect(codes(run.stdout)).toEqual(['READ_MODEL_DIFFERS']);
    expect(run.stdout).toContain(`READ_MODEL_DIFFERS ${invoice.stream}: radianEvents: live absent, rebuilt [`);
  });
});
