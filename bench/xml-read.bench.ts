// `pnpm bench:xml`: the cost of reading DIAN's XML with each candidate reader, on a 300-line
// invoice and on a signed ApplicationResponse, as ratios to xmldom's DOM (the verifier's parser)
// measured in the same run. The readers parse the whole document and read a handful of fields,
// as the product does.
import { DOMParser } from '@xmldom/xmldom';
import { XMLParser } from 'fast-xml-parser';
import { NS, cac, cbc, parseXmlTree, readApplicationResponse, readInvoiceDocument, textAt } from '@fe/dian-xml';
import { sampleInvoice } from '@fe/renderer/samples';
import { createApplicationResponseSigner } from '../services/dian-simulator/src/index.ts';
import { buildApplicationResponse } from '../services/dian-simulator/src/application-response/build-application-response.ts';
import { makeWorld } from '../services/dian-simulator/test-support/world.ts';
import { measure, printTable, type Measurement } from './lib/measure.ts';

const invoiceXml = sampleInvoice({ lines: 300 }).xml;
const world = makeWorld();
const arXml = createApplicationResponseSigner({ ...world.identity }).sign(
  buildApplicationResponse({
    id: '4242',
    environment: '2',
    validatedAt: new Date('2026-03-10T20:16:00Z'),
    receiver: { nit: '900123456', dv: '8', name: 'Emisor de ejemplo' },
    document: { id: 'SETP990001234', cufe: readInvoiceDocument(invoiceXml).key!, kind: 'invoice' },
    notifications: [],
    statusMessage: 'La Factura electrónica SETP990001234, ha sido autorizada.',
  }),
  new Date('2026-03-10T20:16:00Z'),
);
world.cleanup();

const xmldom = (xml: string) => {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  return root.getElementsByTagNameNS(NS.cbc, 'UUID').item(0)?.textContent;
};
// fast-xml-parser keeps prefixes in its keys unless told to drop them; dropped, as a reader would.
const fxp = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
const fastXmlParser = (xml: string) => fxp.parse(xml);
const tree = (xml: string) => textAt(parseXmlTree(xml), cbc('UUID'));

type Row = Measurement & { ratio?: number; note?: string };
const rows: Row[] = [];
for (const [label, xml, typed] of [
  ['invoice, 300 lines', invoiceXml, () => readInvoiceDocument(invoiceXml)],
  ['ApplicationResponse', arXml, () => readApplicationResponse(arXml)],
] as const) {
  const baseline = measure(`xmldom DOM + lookup, ${label}`, () => xmldom(xml));
  const add = (m: Measurement, note?: string) =>
    rows.push({ ...m, ratio: m.perCallMs / baseline.perCallMs, ...(note ? { note } : {}) });
  add(baseline, `${Math.round(xml.length / 1024)} KiB, ${xml.split('\n').length} text lines`);
  add(measure(`fast-xml-parser object, ${label}`, () => fastXmlParser(xml)));
  add(measure(`@fe/dian-xml tree + lookup, ${label}`, () => tree(xml)));
  add(measure(`@fe/dian-xml typed read, ${label}`, typed));
}
// Same answers from each, or the timings compare different work.
const fromFxp = (fastXmlParser(invoiceXml) as { Invoice: { UUID: { '#text': string } } }).Invoice.UUID['#text'];
if (xmldom(invoiceXml) !== tree(invoiceXml) || fromFxp !== tree(invoiceXml))
  throw new Error('the readers disagree on the CUFE');
if (textAt(parseXmlTree(arXml), cac('DocumentResponse'), cac('Response'), cbc('ResponseCode')) !== '02')
  throw new Error('the answer was not read');
printTable(rows, 'xmldom DOM (same document)');
