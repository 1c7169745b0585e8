// `pnpm bench:sign`: XAdES-EPES signing against one RSA-2048 signature and against xml-crypto on the same
// invoices, measured in this run; facho (Python) joins when FACHO_PYTHON's venv exists (docs/signing.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNATURE_SLOT_ANCHOR } from '@fe/dian-domain';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { buildWithLines, makeTestIdentity } from '@fe/xades/testing';
import { measure, printTable } from './lib/measure.ts';
import { measureRsa2048 } from './lib/rsa-baseline.ts';

const issuedAt = new Date();
const identity = makeTestIdentity();
const credential = loadP12(identity.p12, identity.password, issuedAt);
const ours = createXadesSigner(credential);
const keyPem = credential.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** xml-crypto on the same document: the XML-DSig part only, so a lower bound of its XAdES cost. */
function xmlCryptoSign(xml: string): string {
  const withSlot = xml.replace(
    SIGNATURE_SLOT_ANCHOR,
    `<ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension>${SIGNATURE_SLOT_ANCHOR}`,
  );
  const sig = new SignedXml({
    privateKey: keyPem,
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  sig.addReference({
    xpath: '/*',
    isEmptyUri: true,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature'],
  });
  sig.computeSignature(withSlot, {
    prefix: 'ds',
    location: {
      reference: "//*[local-name(.)='UBLExtension'][2]/*[local-name(.)='ExtensionContent']",
      action: 'append',
    },
  });
  return sig.getSignedXml();
}

// Sanity: the xml-crypto output must parse (a broken baseline would flatter us).
new DOMParser().parseFromString(xmlCryptoSign(buildWithLines(5, issuedAt).xml), 'text/xml');

function main(): void {
  const rsa = measureRsa2048();
  const rows: { name: string; perCallMs: number; ratio?: number; note?: string }[] = [{ ...rsa, ratio: 1 }];
  const summary: string[] = [];
  for (const lines of [5, 100, 500]) {
    const { xml } = buildWithLines(lines, issuedAt);
    const mine = measure(`ours, ${lines} lines (${Math.round(xml.length / 1024)} KiB)`, () =>
      ours.sign(xml, { signingTime: issuedAt }),
    );
    const theirs = measure(`xml-crypto, ${lines} lines`, () => xmlCryptoSign(xml), { rounds: 5 });
    rows.push(
      { ...mine, ratio: mine.perCallMs / rsa.perCallMs },
      { ...theirs, ratio: theirs.perCallMs / rsa.perCallMs },
    );
    summary.push(
      `${lines} lines: ours ${(mine.perCallMs / rsa.perCallMs).toFixed(2)}× RSA; xml-crypto / ours = ${(theirs.perCallMs / mine.perCallMs).toFixed(1)}×`,
    );
  }

  const built = measure('ours build+sign, 5 lines', () =>
    ours.sign(buildWithLines(5, issuedAt).xml, { signingTime: issuedAt }),
  );
  rows.push({ ...built, ratio: built.perCallMs / rsa.perCallMs });
  const facho = measureFacho();
  if (typeof facho === 'number') {
    rows.push({ name: 'facho build+sign, 5 lines (Python)', perCallMs: facho, ratio: facho / rsa.perCallMs });
    summary.push(`build+sign, 5 lines: facho / ours = ${(facho / built.perCallMs).toFixed(1)}×`);
  } else summary.push(`facho: ${facho}`);
  printTable(rows, 'RSA-2048');
  console.log('');
  for (const line of summary) console.log(line);
  console.log('goals: 5 lines ≤ 3× RSA, 100 lines ≤ 10× RSA, xml-crypto / ours ≥ 5×');
}

/**
 * facho 0.2.1 (PyPI) building and signing a comparable 5-line invoice. Needs Python 3.10 and pyOpenSSL 22, which
 * its code depends on.
 */
function measureFacho(): number | string {
  const python = process.env.FACHO_PYTHON ?? new URL('../.infra/facho-venv/bin/python', import.meta.url).pathname;
  if (!existsSync(python)) return `not installed (${python})`;
  const dir = mkdtempSync(join(tmpdir(), 'facho-'));
  try {
    // Its `xades` package splits the issuer DN on commas, so the certificate name has none.
    const simple = makeTestIdentity({ organization: 'Pruebas SAS' });
    writeFileSync(join(dir, 'f.p12'), simple.p12);
    const run = spawnSync(python, ['-c', FACHO_SCRIPT, join(dir, 'f.p12'), simple.password], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    const ms = Number(/facho_ms_per_op=([\d.]+)/.exec(run.stdout)?.[1]);
    return run.status === 0 && Number.isFinite(ms)
      ? ms
      : `did not run: ${(run.stderr || run.stdout).trim().split('\n').pop() ?? ''}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FACHO_SCRIPT = String.raw`
import sys, time, statistics
from datetime import datetime
from facho.fe import form, form_xml, fe

P12 = open(sys.argv[1], 'rb').read()
PASS = sys.argv[2]

def party(nit, dv, name):
    return form.Party(
        legal_name=name, name=name, ident=form.PartyIdentification(nit, dv, '31'),
        responsability_code=form.Responsability(['O-13']), responsability_regime_code='48', organization_code='1',
        email='a@b.co', address=form.Address(name='', street='Calle 1', city=form.City('11001'),
                                                country=form.Country('CO'), countrysubentity=form.CountrySubentity('11')))

def build_and_sign():
    now = datetime.now()
    inv = form.NationalSalesInvoice()
    inv.set_period(now, now)
    inv.set_issue(now)
    inv.set_ident('SETP990000001')
    inv.set_operation_type('10')
    inv.set_supplier(party('900373115', '0', 'Empresa Demo'))
    inv.set_customer(party('900108281', '3', 'Cliente de Ejemplo'))
    inv.set_payment_mean(form.PaymentMean(id='1', code='10', due_at=now, payment_id='1'))
    for i in range(5):
        inv.add_invoice_line(form.InvoiceLine(
            quantity=form.Quantity(i + 1, '94'), description='Producto %d' % i, item=form.StandardItem('SKU-%d' % i),
            price=form.Price(amount=form.Amount(1000.0 + i), type_code='01', type='x'),
            tax=form.TaxTotal(subtotals=[form.TaxSubTotal(percent=19.0)])))
    inv.calculate()
    xml = form_xml.DIANInvoiceXML(inv)
    xml.add_extension(fe.DianXMLExtensionCUFE(inv, tipo_ambiente=fe.AMBIENTE_PRUEBAS, clave_tecnica='fc8eac422eba16e22ffd8c6f94b3f40a6e38162c'))
    xml.add_extension(fe.DianXMLExtensionSoftwareSecurityCode('00000000-0000-4000-8000-000000000001', '12345', inv.invoice_ident))
    xml.add_extension(fe.DianXMLExtensionSigner.from_bytes(P12, PASS, mockpolicy=True))
    return xml.tostring()

for _ in range(3): build_and_sign()
rounds = []
for _ in range(5):
    t = time.perf_counter()
    for _ in range(10): build_and_sign()
    rounds.append((time.perf_counter() - t) * 100)
print('facho_ms_per_op=%.3f' % statistics.median(rounds))
`;

main();
