/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The auditor's commands on the buyer's side (docs/audit.md, docs/radian.md "The buyer's side"), embedded: the demo
// tenant's invoice reaches ACME by mail, ACME uploads the supplier's zip and sends 030, 032 and 033, each registered by
// the simulator and mailed to the supplier. `fe history --received` tells that life, `fe audit verify` passes (the
// stored supplier's file checked again, each buyer event's signature and CUDE, DIAN's answers, the order) and
// `fe replay --projection received` finds the live list equal to the streams; copies edited by hand fail with codes.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { demoSoftware, demoTenant } from '@fe/dian-domain';
import { requiredTestEnv } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fe, findingCodes as codes, pinnedPublicKey, tamperedCopy } from '../test-support/audit-cli.ts';
import { registerExtraTenants, type ExtraTenants } from '../test-support/extra-tenants.ts';
import { cudeFields, cudeOf, until } from '../test-support/radian-buyer.ts';
import { supplierZip } from '../test-support/radian-buyer-portal.ts';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

const need = 'the mail server (bash infra/up.sh mail)';
const imapUrl = requiredTestEnv('FE_TEST_IMAP_URL', need);
const smtpUrl = requiredTestEnv('FE_TEST_MAIL_SMTP_URL', need);
const PURCHASES = `compras-${randomUUID().slice(0, 8)}@fe.test`; // ACME's address on the supplier's invoice
const person = { id: '52123456', first_name: 'Marta', family_name: 'Ruiz', job_title: 'Contadora' };

let world: World;
let extra: ExtraTenants;
let publicKey: string;
let cufe: string;
let number: string;
let stream: string;
let view: any;

async function asAcme(method: string, path: string, body?: Uint8Array | object) {
  const response = await fetch(`${world.url}/api/v1/service/received-invoices${path}`, {
    method,
    headers: {
      authorization: `Bearer ${extra.rejectedByDian}`,
      ...(body ? { 'content-type': body instanceof Uint8Array ? 'application/zip' : 'application/json' } : {}),
    },
    ...(body ? { body: body instanceof Uint8Array ? body : JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  world = await startWorld({ FE_SMTP_URL: smtpUrl, NOTIFIER_RETRY_BACKOFF_MS: '100' }, async (dir) => {
    extra = await registerExtraTenants(dir);
  });
  const issued = await world.post({ ...exampleRequest, customer: { ...exampleRequest.customer, email: PURCHASES } });
  expect(issued.status, issued.text).toBe(201);
  ({ cufe, number } = issued.body);
  stream = `rcv-acme-${cufe}`;
  const zip = await supplierZip(imapUrl, PURCHASES, number);
  const uploaded = await asAcme('POST', '', zip);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  expect(uploaded.body.checks_passed).toBe(true);
  for (const code of ['030', '032', '033']) {
    const asked = await asAcme('POST', `/${cufe}/events`, { code, person });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await until(`${code} registered`, async () => {
      const event = (await asAcme('GET', `/${cufe}`)).body.events.find((e: any) => e.code === code);
      return event?.status === 'registered' ? event : undefined;
    });
  }
  view = await until('the three AttachedDocuments mailed', async () => {
    const body = (await asAcme('GET', `/${cufe}`)).body;
    return body.events.every((e: any) => e.mailed_to) ? body : undefined;
  });
  await world.stop(); // signs the head: every event is under a checkpoint
  publicKey = pinnedPublicKey(world.dataDir).file;
});
afterAll(async () => world?.close());

const verify = (dir: string) => fe('audit', 'verify', '--data-dir', dir, '--public-key', publicKey);
const tampered = (edit: (dir: string, db: DatabaseSync) => void) => tamperedCopy(world.dataDir, edit);
const row = (db: DatabaseSync, type: string, code?: string) =>
  db
    .prepare(
      `SELECT position, version, envelope FROM events WHERE stream = ? AND type = ? AND (? IS NULL OR json_extract(envelope, '$.data.code') = ?)`,
    )
    .get(stream, type, code ?? null, code ?? null) as { position: number; version: number; envelope: string };
const dataOf = (db: DatabaseSync, type: string, code?: string) => JSON.parse(row(db, type, code).envelope).data;
const editFile = (dir: string, key: string, from: string, to: string) => {
  const file = join(dir, 'files', key);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
};

describe('fe history, fe audit verify and fe replay on a received invoice', () => {
  it("fe history --received tells the invoice's life: the import and its checks, each event asked, registered and mailed", () => {
    const run = fe('history', cufe, '--received', '--data-dir', world.dataDir);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `invoice ${number} received by tenant acme from ${demoTenant.legalName}, cufe ${cufe}`,
    );
    expect(run.stdout).toContain(
      `received by upload: invoice ${number} of ${demoTenant.legalName} (NIT ${demoTenant.nit}); every check passed`,
    );
    for (const e of view.events) {
      expect(run.stdout).toContain(`buyer event ${e.code} ${e.event_id} requested from api, by Marta Ruiz`);
      expect(run.stdout).toContain(
        `buyer event ${e.code} ${e.event_id} registered by DIAN, CUDE ${e.cude}, issued ${e.issue_date}`,
      );
      expect(run.stdout).toContain(`buyer event ${e.code}: its AttachedDocument mailed to ${demoTenant.email}`);
    }
    expect(run.stdout).toMatch(
      new RegExp(`file document acme/received/${cufe}\\.[0-9a-f]{12}\\.xml sha256 [0-9a-f]{64}`),
    );
    // Without --received, the same CUFE is the demo tenant's issued invoice.
    const issued = fe('history', cufe, '--data-dir', world.dataDir);
    expect(issued.stdout).toContain(`invoice ${number} of tenant demo, cufe ${cufe}`);
    const none = fe('history', cufe, '--received', '--tenant', 'demo', '--data-dir', world.dataDir);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(`no received invoice with cufe or number ${cufe} for tenant demo`);
  });

  it('fe audit verify passes the untouched store; each CUDE it accepted is the one the formula written here gives', () => {
    const run = verify(world.dataDir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('1 received invoices, 3 buyer events registered by DIAN');
    expect(run.stdout).toContain('no difference');
    for (const e of view.events) {
      const xml = readFileSync(join(world.dataDir, 'files', `acme/received/${cufe}.${e.code}.xml`), 'utf8');
      const fields = cudeFields(xml);
      expect(cudeOf(fields, demoSoftware.pin)).toBe(e.cude); // ACME's software has the demo's PIN
    }
  });

  it('fe replay --projection received finds the live list equal to the streams, and the list without the invoice', () => {
    const replay = fe('replay', '--projection', 'received', '--data-dir', world.dataDir);
    expect(replay.status, replay.stdout + replay.stderr).toBe(0);
    expect(replay.stdout).toContain('rebuilt 1 received invoice views from 10 events');
    expect(replay.stdout).toContain('the live list of received invoices equals the rebuild');
    const dropped = tampered((dir) => {
      const state = new DatabaseSync(join(dir, 'state.sqlite'));
      state.prepare('DELETE FROM received_invoices WHERE cufe = ?').run(cufe);
      state.close();
    });
    const edited = fe('replay', '--projection', 'received', '--data-dir', dropped);
    expect(edited.status).toBe(1);
    expect(edited.stdout).toContain(`DIFFERS ${stream}: imported, not in the live list`);
    const run = verify(dropped);
    expect(codes(run.stdout)).toEqual(['READ_MODEL_DIFFERS']);
    expect(run.stdout).toContain(`READ_MODEL_DIFFERS ${stream}: received invoices: imported, not in the live list`);
  });

  it("finds the supplier's stored file edited: its digest, and the signatures its import found valid", () => {
    const edited = tampered((dir, db) => {
      const { document_key: key, payable_amount: amount } = dataOf(db, 'ReceivedInvoiceImported');
      editFile(dir, key, `>${amount}<`, `>${Number(amount) + 1}.00<`);
    });
    const run = verify(edited);
    expect(run.status).toBe(1);
    expect(codes(run.stdout)).toEqual(['FILE_DIGEST_MISMATCH', 'SIGNATURE_INVALID']);
    expect(run.stdout).toMatch(
      new RegExp(`^SIGNATURE_INVALID ${stream}: the stored .*: INVOICE_SIGNATURE recorded passed, now fails`, 'm'),
    );
  });

  it("finds a stored buyer event edited: its digest and the tenant's signature", () => {
    const edited = tampered((dir, db) => {
      editFile(dir, dataOf(db, 'ReceivedInvoiceEventRegistered', '032').event_key, 'Marta', 'Marco');
    });
    const run = verify(edited);
    expect(codes(run.stdout)).toEqual(['FILE_DIGEST_MISMATCH', 'SIGNATURE_INVALID']);
    const id = view.events.find((e: any) => e.code === '032').event_id;
    expect(run.stdout).toMatch(new RegExp(`^SIGNATURE_INVALID ${stream}: event 032 ${id}: signed event: `, 'm'));
  });

  it('finds the 032 removed from the stream: the 033 has nothing to follow, the 032 was mailed unregistered', () => {
    const removed = tampered((_, db) => {
      const { position, version } = row(db, 'ReceivedInvoiceEventRegistered', '032');
      db.prepare('DELETE FROM events WHERE position = ?').run(position);
      db.prepare('UPDATE events SET version = version - 1 WHERE stream = ? AND version > ?').run(stream, version);
    });
    const run = verify(removed);
    expect(codes(run.stdout)).toEqual(expect.arrayContaining(['CHAIN_BROKEN', 'RADIAN_EVENT_OUT_OF_ORDER']));
    const id = view.events.find((e: any) => e.code === '033').event_id;
    expect(run.stdout).toContain(`RADIAN_EVENT_OUT_OF_ORDER ${stream}: event 033 ${id}: no 032 issued before it`);
    expect(run.stdout).toContain(`RADIAN_EVENT_OUT_OF_ORDER ${stream}: event 032: mailed before DIAN registered`);
  });

  it("finds a recorded CUDE that is not the signed event's, nor the one DIAN answered", () => {
    const moved = tampered((_, db) => {
      const { position, envelope } = row(db, 'ReceivedInvoiceEventRegistered', '030');
      const event = JSON.parse(envelope);
      event.data.cude = 'e'.repeat(96);
      db.prepare('UPDATE events SET envelope = ? WHERE position = ?').run(JSON.stringify(event), position);
    });
    const run = verify(moved);
    expect(codes(run.stdout)).toEqual(
      expect.arrayContaining(['CHAIN_BROKEN', 'RADIAN_EVENT_CUDE_MISMATCH', 'APPLICATION_RESPONSE_MISMATCH']),
    );
  });
});
