// The auditor's commands on the embedded data folder: `fe audit verify` finds every hand edit of a copy with a
// non-zero exit, refuses a forged DIAN answer, and `fe replay` equals the live read model.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceEventsResponseSchema } from '@fe/contracts';
import { createApplicationResponseSigner, ephemeralIdentity, STORED_IDENTITY_FILE } from '@fe/dian-simulator';
import { editElementContent, withoutSignature } from '@fe/dian-xml/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fe, findingCodes as codes, pinnedPublicKey, tamperedCopy } from '../test-support/audit-cli.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let world: World;
const cufes: string[] = [];
const numbers: string[] = [];
let publicKey: string;

const issue = async (count: number) => {
  for (let i = 0; i < count; i++) {
    const answer = await world.post(exampleRequest);
    expect(answer.status, answer.text).toBe(201);
    cufes.push(answer.body.cufe);
    numbers.push(answer.body.number);
  }
  // Each invoice's last step is the mail to its buyer (docs/notifier.md): the store is settled after it.
  for (const cufe of cufes) await pollStatus(world, cufe, (b) => b.buyer_notification?.stage === 'sent');
};

beforeAll(async () => {
  // Two starts of the service on one data folder: DIAN's answers of both must be trusted.
  world = await startWorld();
  await issue(2);
  await world.stop();
  world = await startWorld({}, undefined, { dataDir: world.dataDir });
  await issue(1);
});
afterAll(async () => world?.close());

describe("an invoice's history", () => {
  it('GET /api/v1/service/invoices/<cufe>/events: every event, its cause, and the digests of the files, equal to the files served', async () => {
    const answer = await world.get(`/api/v1/service/invoices/${cufes[0]}/events`);
    expect(answer.status, answer.text).toBe(200);
    const body = invoiceEventsResponseSchema.parse(answer.body);
    expect(body.events.map((e) => e.type)).toEqual([
      'InvoiceRequested',
      'InvoiceSigned',
      'InvoiceSubmitted',
      'InvoiceAccepted',
      'InvoiceRendered',
      'BuyerNotificationStarted',
      'BuyerNotified',
    ]);
    expect(body.events.every((e) => e.chain_digest)).toBe(true);
    // Each event was caused by one recorded before it (the first, by the request).
    for (const [i, e] of body.events.entries())
      if (i > 0) expect(body.events.slice(0, i).map((c) => c.id)).toContain(e.causation_id);
    expect(body.events[0]!.causation_id).toBe(body.events[0]!.correlation_id);
    const status = await world.get(`/api/v1/service/status/${cufes[0]}`);
    const xml = Buffer.from(await (await fetch(status.body.xml_url)).arrayBuffer());
    const signed = body.events.find((e) => e.type === 'InvoiceSigned')!;
    expect(signed.files).toEqual([
      expect.objectContaining({
        role: 'xml',
        sha256: createHash('sha256').update(xml).digest('hex'),
        recorded_in_event: true,
      }),
    ]);
    const accepted = body.events.find((e) => e.type === 'InvoiceAccepted')!;
    expect(accepted.files).toEqual([
      expect.objectContaining({
        role: 'application_response',
        recorded_in_event: false,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
  });

  it('pnpm fe history, by cufe and by number, after the service stopped (which signs the head)', async () => {
    await world.stop();
    const byCufe = fe('history', cufes[1]!, '--data-dir', world.dataDir);
    expect(byCufe.status, byCufe.stderr).toBe(0);
    expect(byCufe.stdout).toContain(`invoice ${numbers[1]} of tenant demo, cufe ${cufes[1]}`);
    expect(byCufe.stdout).toMatch(
      /#1 \S+ InvoiceSigned\.v1 [0-9a-f-]{36}\n.*caused by [0-9a-f-]{36}.*\n {3}chain [0-9a-f]{64}\n {3}file xml demo\/\S+\.xml sha256 [0-9a-f]{64}\n/,
    );
    const byNumber = fe('history', numbers[1]!, '--data-dir', world.dataDir, '--json');
    expect(byNumber.status, byNumber.stderr).toBe(0);
    expect(invoiceEventsResponseSchema.parse(JSON.parse(byNumber.stdout)).cufe).toBe(cufes[1]);
    expect(fe('history', 'SETP1', '--data-dir', world.dataDir).status).toBe(1);
  });
});

describe('fe audit verify and fe replay', () => {
  beforeAll(() => {
    const pinned = pinnedPublicKey(world.dataDir);
    expect(pinned.output.status, pinned.output.stderr).toBe(0);
    expect(pinned.output.stdout).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    publicKey = pinned.file;
  });

  const verify = (dir: string) => fe('audit', 'verify', '--data-dir', dir, '--public-key', publicKey);
  const tampered = (edit: (dir: string, db: DatabaseSync) => void) => tamperedCopy(world.dataDir, edit);
  const streamOf = (i: number) => `inv-demo-${numbers[i]}`;

  it("passes the untouched store: chains, checkpoints under the pinned key, files, signatures, CUFEs, DIAN's answers, numbering", () => {
    const run = verify(world.dataDir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('3 invoices, 21 events');
    expect(run.stdout).toContain('checkpoints checked under the pinned public key');
    expect(run.stdout).toContain(
      `DIAN's answers checked against the certificates of ${join(world.dataDir, STORED_IDENTITY_FILE)}`,
    );
    expect(run.stdout).toContain('no difference');
    // The simulator's key is a secret of the data folder like audit.key.
    expect(statSync(join(world.dataDir, STORED_IDENTITY_FILE)).mode & 0o077).toBe(0);
  });

  it("refuses DIAN's answer signed again with another key (a self-made certificate): APPLICATION_RESPONSE_UNTRUSTED", () => {
    const forged = tampered((dir, db) => {
      const { envelope } = db
        .prepare(`SELECT envelope FROM events WHERE stream = ? AND type = 'InvoiceAccepted'`)
        .get(streamOf(1)) as { envelope: string };
      const file = join(dir, 'files', JSON.parse(envelope).data.application_response_key);
      const unsigned = withoutSignature(readFileSync(file, 'utf8'));
      expect(unsigned).not.toContain('<ds:Signature');
      writeFileSync(file, createApplicationResponseSigner(ephemeralIdentity(new Date())).sign(unsigned, new Date()));
    });
    const run = verify(forged);
    expect(run.status).toBe(1);
    // Its own signature holds: only the anchor tells.
    expect(codes(run.stdout)).toEqual(['APPLICATION_RESPONSE_UNTRUSTED']);
    expect(run.stdout).toContain(
      `APPLICATION_RESPONSE_UNTRUSTED ${streamOf(1)}: DIAN's ApplicationResponse: chain: not issued by a trusted certificate`,
    );
  });

  it('says plainly when no DIAN certificate is configured, and checks against the one given with --trusted-dian', () => {
    const noAnchor = tampered((dir) => rmSync(join(dir, STORED_IDENTITY_FILE)));
    const run = verify(noAnchor);
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toContain('WARNING: no DIAN certificate configured');
    const other = join(mkdtempSync(join(tmpdir(), 'fe-dian-')), 'dian.pem');
    writeFileSync(other, ephemeralIdentity(new Date()).certificatePem);
    const pinned = fe('audit', 'verify', '--data-dir', noAnchor, '--public-key', publicKey, '--trusted-dian', other);
    expect(pinned.status).toBe(1);
    expect(pinned.stdout.split('\n').filter((l) => l.startsWith('APPLICATION_RESPONSE_UNTRUSTED'))).toHaveLength(3);
  });

  it('finds an event changed, removed or reordered, and a whole invoice removed', () => {
    const changed = tampered((_, db) =>
      db
        .prepare(
          `UPDATE events SET envelope = replace(envelope, '"status_code":"00"', '"status_code":"99"') WHERE stream = ? AND type = 'InvoiceAccepted'`,
        )
        .run(streamOf(1)),
    );
    // The live read model folded the true history: it differs from the edited one too.
    expect(codes(verify(changed).stdout)).toEqual(['CHAIN_BROKEN', 'READ_MODEL_DIFFERS']);
    const removed = tampered((_, db) => {
      db.prepare(`DELETE FROM events WHERE stream = ? AND type = 'InvoiceSubmitted'`).run(streamOf(1));
      db.prepare('UPDATE events SET version = version - 1 WHERE stream = ? AND version > 2').run(streamOf(1));
    });
    expect(codes(verify(removed).stdout)).toEqual(['CHAIN_BROKEN', 'CHECKPOINT_MISMATCH', 'READ_MODEL_DIFFERS']);
    const reordered = tampered((_, db) => {
      db.prepare('UPDATE events SET version = -1 WHERE stream = ? AND version = 2').run(streamOf(0));
      db.prepare('UPDATE events SET version = 2 WHERE stream = ? AND version = 3').run(streamOf(0));
      db.prepare('UPDATE events SET version = 3 WHERE stream = ? AND version = -1').run(streamOf(0));
    });
    expect(codes(verify(reordered).stdout)).toEqual(['CHAIN_BROKEN']);
    const invoiceGone = tampered((_, db) => db.prepare('DELETE FROM events WHERE stream = ?').run(streamOf(1)));
    const gone = verify(invoiceGone);
    expect(gone.status).toBe(1);
    expect(codes(gone.stdout)).toEqual(['CHECKPOINT_MISMATCH', 'NUMBERING_GAP', 'READ_MODEL_DIFFERS']);
    expect(gone.stdout).toContain(`READ_MODEL_DIFFERS ${streamOf(1)}: view: live present, rebuilt absent`);
  });

  it("finds a stored file changed: the signed XML, and DIAN's answer", () => {
    const xmlChanged = tampered((dir) => {
      const file = join(dir, 'files', 'demo', `${numbers[2]}.xml`);
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('Cliente de Ejemplo', 'Cliente de Otro'));
    });
    expect(codes(verify(xmlChanged).stdout)).toEqual(
      expect.arrayContaining(['FILE_DIGEST_MISMATCH', 'SIGNATURE_INVALID']),
    );
    const answerChanged = tampered((dir, db) => {
      const { envelope } = db
        .prepare(`SELECT envelope FROM events WHERE stream = ? AND type = 'InvoiceAccepted'`)
        .get(streamOf(2)) as { envelope: string };
      const file = join(dir, 'files', JSON.parse(envelope).data.application_response_key);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          '<cbc:ResponseCode>02</cbc:ResponseCode>',
          '<cbc:ResponseCode>04</cbc:ResponseCode>',
        ),
      );
    });
    expect(codes(verify(answerChanged).stdout)).toEqual(['APPLICATION_RESPONSE_MISMATCH', 'SIGNATURE_INVALID']);
    // An edit that leaves the code and the cufe as they were: only DIAN's signature tells.
    const answerEdited = tampered((dir, db) => {
      const { envelope } = db
        .prepare(`SELECT envelope FROM events WHERE stream = ? AND type = 'InvoiceAccepted'`)
        .get(streamOf(2)) as { envelope: string };
      const file = join(dir, 'files', JSON.parse(envelope).data.application_response_key);
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('<cbc:IssueDate>');
      writeFileSync(
        file,
        editElementContent(text, 'cbc:IssueDate', (date) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`),
      );
    });
    expect(codes(verify(answerEdited).stdout)).toEqual(['SIGNATURE_INVALID']);
  });

  it('finds checkpoints signed by another key than the pinned one', () => {
    const otherKey = join(mkdtempSync(join(tmpdir(), 'fe-pub-')), 'other.pub');
    writeFileSync(otherKey, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }) as string);
    const run = fe('audit', 'verify', '--data-dir', world.dataDir, '--public-key', otherKey);
    expect(run.status).toBe(1);
    expect(codes(run.stdout)).toEqual(['CHECKPOINT_KEY_UNKNOWN', 'CHECKPOINT_SIGNATURE_INVALID']);
  });

  it('finds the live read model differing from a rebuild from the events, field by field, as fe replay does', () => {
    // A row of the status table edited by hand: the history says accepted, the live view rejected.
    const edited = tampered((dir) => {
      const status = new DatabaseSync(join(dir, 'status.sqlite'));
      const { view } = status.prepare('SELECT view FROM invoice_status WHERE invoice_id = ?').get(streamOf(1)) as {
        view: string;
      };
      const changed = { ...JSON.parse(view), status: 'rejected', stage: 'rejected' };
      status
        .prepare(`UPDATE invoice_status SET status = 'rejected', stage = 'rejected', view = ? WHERE invoice_id = ?`)
        .run(JSON.stringify(changed), streamOf(1));
      status.close();
    });
    const run = verify(edited);
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(codes(run.stdout)).toEqual(['READ_MODEL_DIFFERS']);
    expect(run.stdout).toContain(`READ_MODEL_DIFFERS ${streamOf(1)}: stage: live "rejected", rebuilt "accepted"`);
    expect(run.stdout).toContain(`READ_MODEL_DIFFERS ${streamOf(1)}: status: live "rejected", rebuilt "accepted"`);
    expect(run.stdout).toContain('2 difference(s)');
    expect(fe('replay', '--projection', 'status', '--data-dir', edited).stdout).toContain(`DIFFERS ${streamOf(1)}`);
  });

  it('fe replay --projection status rebuilds the read model into a new store equal to the live one', () => {
    const into = join(mkdtempSync(join(tmpdir(), 'fe-replay-')), 'status.sqlite');
    const run = fe('replay', '--projection', 'status', '--into', into, '--data-dir', world.dataDir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('rebuilt 3 invoice views from 21 events');
    expect(run.stdout).toContain('the live read model equals the rebuild');
    const differs = tampered((dir) => {
      const status = new DatabaseSync(join(dir, 'status.sqlite'));
      status.exec('DELETE FROM invoice_status WHERE rowid = (SELECT MIN(rowid) FROM invoice_status)');
      status.close();
    });
    const again = fe('replay', '--projection', 'status', '--data-dir', differs);
    expect(again.status).toBe(1);
    expect(again.stdout).toContain('1 invoice(s) differ');
  });
});
