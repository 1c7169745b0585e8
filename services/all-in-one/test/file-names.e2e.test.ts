/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// DIAN's file names from the issuer's counter (docs/choices.md, "File names"), end to end on the embedded service: a
// credit and a debit note on one invoice, and two prefixes' invoices with one number, are sent and mailed under
// names of their own, which the simulator judges by the annex's convention; a resent mail and a restart keep the
// counter's word.
import { join } from 'node:path';
import type { InvoiceEvent } from '@fe/contracts';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { loadInvoiceStream } from '@fe/platform';
import { loadOrCreateMasterKey, makeDemoCertificates, SqliteTenantDirectory } from '@fe/tenancy';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, pollStatus } from '../test-support/http-client.ts';
import { outboxMailsTo } from '../test-support/outbox.ts';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

// A company in production with two resolutions numbered from 1: FEA1 and FEB1 share their number.
const NIT = '860002964';
const TENANT = 'dosprefijos';
const resolution = (prefix: string, key: string) => ({
  ...demoResolution,
  id: `res-${prefix}`,
  authorizationNumber: `1876400000${prefix === 'FEA' ? 1 : 2}`,
  prefix,
  from: '1',
  to: '5000',
  technicalKey: key.repeat(40),
});
let apiKey = '';
const prepare = async (dir: string) => {
  const tenants = new SqliteTenantDirectory({
    path: join(dir, 'tenants.sqlite'),
    masterKey: loadOrCreateMasterKey(join(dir, 'master.key')),
  });
  try {
    const now = new Date();
    await tenants.createTenant({
      tenant: { ...demoTenant, id: TENANT, nit: NIT, dv: 4, legalName: 'DOS PREFIJOS S.A.S.' },
      environment: '1',
      software: { ...demoSoftware, id: '00000000-0000-4000-8000-0000000000bb', providerNit: NIT, providerDv: 4 },
      resolutions: [resolution('FEA', 'a'), resolution('FEB', 'b')],
      activeResolutionId: 'res-FEA',
    });
    const certs = makeDemoCertificates({ nit: NIT, legalName: 'DOS PREFIJOS S.A.S.' }, now);
    await tenants.storeCertificate(TENANT, certs.p12, certs.password, now);
    await tenants.addTrustedCa(TENANT, certs.caPem);
    apiKey = await tenants.issueApiKey(TENANT);
  } finally {
    await tenants.close();
  }
};

let world: World;
beforeAll(async () => {
  world = await startWorld({}, prepare);
});
afterAll(async () => world?.close());

const send = async (path: string, body: unknown) => {
  const response = await fetch(`${world.url}/api/v1/service/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as any;
  expect(answer.status, JSON.stringify(answer)).toBe('accepted');
  return answer;
};
const mailed = (cufe: string) =>
  pollStatus(httpClient(world.url, apiKey), cufe, (b) => b.buyer_notification?.stage === 'sent');

/** The names a document's stream recorded: sent to DIAN (InvoiceSubmitted) and mailed (BuyerNotificationStarted). */
async function namesOf(number: string) {
  const { events } = await loadInvoiceStream(world.embedded.eventStore, `inv-${TENANT}-${number}`);
  const submitted = events.filter((e: InvoiceEvent) => e.type === 'InvoiceSubmitted').map((e: any) => e.data);
  const started = events.filter((e: InvoiceEvent) => e.type === 'BuyerNotificationStarted').map((e: any) => e.data);
  return {
    xml: submitted[0]!.xml_file_name as string,
    zip: submitted[0]!.file_name as string,
    attachedDocument: started[0]!.attached_document_id as string,
    mailZip: started[0]!.file_name as string,
    rounds: started.map((s: any) => [s.attached_document_id, s.file_name]),
  };
}

const year = String(new Date().getFullYear() % 100); // the documents are issued now
const body = `0${NIT}000${year}`;
/** The counter's number in a name of this issuer and year. */
const ascending = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
const numberIn = (name: string, kind: string) => {
  const match = new RegExp(`^${kind}${body}([0-9A-F]{8})(\\.xml|\\.zip)?$`).exec(name);
  expect(match, `${name} is a ${kind} name of ${NIT} in 20${year}`).not.toBeNull();
  return Number.parseInt(match![1]!, 16);
};

describe('file names from the counter', () => {
  let fea: any;
  let feb: any;
  let names: Record<string, Awaited<ReturnType<typeof namesOf>>>;
  beforeAll(async () => {
    fea = await send('invoice', { ...exampleRequest, prefix: 'FEA' });
    feb = await send('invoice', { ...exampleRequest, prefix: 'FEB' });
    const invoice = { prefix: 'FEA', number: 1 };
    const line = { ...exampleRequest.lines[0]!, quantity: 1 };
    const credit = await send('credit-note', { invoice, concept: '1', description: 'Devolución', lines: [line] });
    const debit = await send('debit-note', { invoice, concept: '4', description: 'Otros', lines: [line] });
    await Promise.all([fea, feb, credit, debit].map((d) => mailed(d.cufe)));
    names = Object.fromEntries(
      await Promise.all(['FEA1', 'FEB1', 'NC1', 'ND1'].map(async (n) => [n, await namesOf(n)] as const)),
    );
  }, 60_000);

  it('numbers FEA1 and FEB1, one number under two prefixes, as two fv files in two zips', () => {
    expect([fea.number, feb.number]).toEqual(['FEA1', 'FEB1']);
    expect(names.FEA1!.xml).not.toBe(names.FEB1!.xml);
    expect(names.FEA1!.zip).not.toBe(names.FEB1!.zip);
    expect(ascending([numberIn(names.FEA1!.xml, 'fv'), numberIn(names.FEB1!.xml, 'fv')])).toEqual([1, 2]);
  });

  it('sends and mails NC1 and ND1 of one invoice under names of their own', () => {
    const [nc, nd] = [names.NC1!, names.ND1!];
    expect(numberIn(nc.xml, 'nc')).toBe(1);
    expect(numberIn(nd.xml, 'nd')).toBe(1);
    expect(nc.zip).not.toBe(nd.zip);
    expect(nc.attachedDocument).not.toBe(nd.attachedDocument);
    expect(nc.mailZip).not.toBe(nd.mailZip);
  });

  it('gives no two files of the issuer one name, and leaves no gap in a counter', () => {
    const all = Object.values(names).flatMap((n) => [n.xml, n.zip, `${n.attachedDocument}.xml`, n.mailZip]);
    expect(new Set(all).size).toBe(16);
    // Eight zips of this issuer this year: four to DIAN, four to buyers, numbered 1 to 8.
    const zips = Object.values(names).flatMap((n) => [n.zip, n.mailZip]);
    expect(ascending(zips.map((z) => numberIn(z, 'z')))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ascending(Object.values(names).map((n) => numberIn(n.attachedDocument, 'ad')))).toEqual([1, 2, 3, 4]);
  });

  it('mails the zip and the AttachedDocument under the recorded names', () => {
    const mails = outboxMailsTo(join(world.dataDir, 'outbox'), exampleRequest.customer.email);
    const received = mails
      .map((mail) => mail.attachments[0]!)
      .map((zip) => [zip.filename, Object.keys(unzipSync(zip.content))[0]]);
    for (const n of Object.values(names)) expect(received).toContainEqual([n.mailZip, `${n.attachedDocument}.xml`]);
  });

  it('mails a resend under the same names: a file is numbered once', async () => {
    const response = await fetch(`${world.url}/api/v1/service/invoice/${fea.cufe}/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'otra@cliente.example' }),
    });
    expect(response.status).toBe(202);
    await pollStatus(
      httpClient(world.url, apiKey),
      fea.cufe,
      (b) => b.buyer_notification?.stage === 'sent' && b.buyer_notification.source === 'resend_request',
    );
    const again = await namesOf('FEA1');
    expect(again.rounds).toHaveLength(2);
    expect(new Set(again.rounds.map((r: string[]) => r.join(' ')))).toEqual(
      new Set([`${names.FEA1!.attachedDocument} ${names.FEA1!.mailZip}`]),
    );
  });

  it('goes on from the last number after a restart, reusing none', async () => {
    await world.stop();
    world = await startWorld({}, undefined, { dataDir: world.dataDir });
    const fea2 = await send('invoice', { ...exampleRequest, prefix: 'FEA' });
    expect(fea2.number).toBe('FEA2');
    await mailed(fea2.cufe);
    const n = await namesOf('FEA2');
    expect(numberIn(n.xml, 'fv')).toBe(3);
    expect(ascending([numberIn(n.zip, 'z'), numberIn(n.mailZip, 'z')])).toEqual([9, 10]);
    expect(numberIn(n.attachedDocument, 'ad')).toBe(5);
  }, 60_000);
});
