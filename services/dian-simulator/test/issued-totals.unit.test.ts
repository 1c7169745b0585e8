// Discounts, charges, advances and free samples are accepted as DIAN does, and a wrong sum of each kind is
// rejected with its rule.
import { describe, expect, it } from 'vitest';
import { demoTenant } from '@fe/dian-domain';
import { buildCase, CASE_ISSUED_AT, invoiceCases } from '@fe/dian-domain/testing';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { makeTestIdentity } from '@fe/xades/testing';
import { createStore, createTrustStore, ephemeralIdentity, simulatorConfig } from '../src/index.ts';
import { validateDocument } from '../src/validate/validate-document.ts';
import { issuerRegistry } from '../src/registry/issuer-registry.ts';

const identity = makeTestIdentity({
  organization: demoTenant.legalName,
  keyUsage: { digitalSignature: true, nonRepudiation: true, keyCertSign: true },
});
const signer = createXadesSigner(loadP12(identity.p12, identity.password, CASE_ISSUED_AT));
const config = simulatorConfig({ identity: ephemeralIdentity(CASE_ISSUED_AT), trustedCaPems: [identity.certPem] });
const deps = {
  config,
  trust: createTrustStore(config.trustedCaPems),
  store: createStore(),
  issuers: issuerRegistry(config),
};
let number = 990_100_001;

const requestOf = (name: string) => invoiceCases.find((c) => c.name === name)!.request;

/** The rules the simulator rejects the case with, after `mutate` edits the unsigned XML. */
function rejections(name: string, mutate: (xml: string) => string = (xml) => xml): string[] {
  const built = buildCase(requestOf(name), String(number++));
  const xml = mutate(built.xml);
  const signed = signer.sign(xml, { signingTime: CASE_ISSUED_AT });
  return validateDocument(signed.xml, new Date(CASE_ISSUED_AT.getTime() + 60_000), deps)
    .findings.filter((f) => f.effect === 'R')
    .map((f) => f.code);
}

/** Replaces the first `<cbc:name currencyID="COP">…</cbc:name>` after `after` with `value`. */
const amount =
  (name: string, value: string, after = '') =>
  (xml: string) => {
    const start = xml.indexOf(after);
    const re = new RegExp(`<cbc:${name} currencyID="COP">[^<]*</cbc:${name}>`);
    const head = xml.slice(0, start);
    const tail = xml.slice(start);
    if (!re.test(tail)) throw new Error(`fixture drift: no ${name}`);
    return head + tail.replace(re, `<cbc:${name} currencyID="COP">${value}</cbc:${name}>`);
  };

describe('discounts, charges, advances and free samples at the simulator', () => {
  it.each([
    'line and invoice discounts and charges',
    'advances',
    'free sample',
    'foreign buyer with a passport and an address abroad',
    'foreign company (NIT de otro país) and a natural person under a NIT',
    'natural person with a NIT, and unit prices with 6 decimals',
  ])('%s is accepted', (name) => {
    expect(rejections(name)).toEqual([]);
  });

  it("FAU08: an AllowanceTotalAmount that is not the sum of the invoice's discounts (FAU14 follows: PayableAmount no longer adds up)", () => {
    expect(rejections('line and invoice discounts and charges', amount('AllowanceTotalAmount', '1.00'))).toEqual(
      expect.arrayContaining(['FAU08']),
    );
  });

  it("FAU10: a ChargeTotalAmount that is not the sum of the invoice's charges", () => {
    expect(rejections('line and invoice discounts and charges', amount('ChargeTotalAmount', '1.00'))).toEqual(
      expect.arrayContaining(['FAU10']),
    );
  });

  it('FAU12: a PrepaidAmount that is not the sum of the advances, and nothing else', () => {
    expect(rejections('advances', amount('PrepaidAmount', '450000.49'))).toEqual(['FAU12']);
  });

  it('FAV06: a line discount whose amount does not match the line amount (10 % of 300000.00 is 30000.00; 1000.00 off is beyond the tolerance)', () => {
    expect(
      rejections('line and invoice discounts and charges', amount('Amount', '29000.00', '<cac:InvoiceLine>')),
    ).toEqual(['FAV06']);
  });

  it("FAU04: a TaxExclusiveAmount that leaves out the free sample's reference value", () => {
    // The taxed lines' bases are 90000.00 and 3 × 12500.333333 = 37501.00 (the free sample's LineExtensionAmount is
    // 0.00).
    expect(rejections('free sample', amount('TaxExclusiveAmount', '90000.00'))).toEqual(['FAU04']);
  });
});
