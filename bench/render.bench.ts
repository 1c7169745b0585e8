// `pnpm bench:render`: the PDF's cost for 1, 12 and 120 lines next to one RSA-2048 signature and the UBL build,
// all measured in this run (goals: docs/benchmarks.md).
import {
  buildInvoiceXml,
  demoResolution,
  demoSoftware,
  demoTenant,
  environments,
  validateInvoiceRequest,
} from '@fe/dian-domain';
import { pdfkitRenderer, readInvoiceView, renderInvoicePdf } from '@fe/renderer';
import { sampleInvoice, sampleReadOptions, sampleRequest } from '@fe/renderer/samples';
import { measure, printTable, type Measurement } from './lib/measure.ts';
import { measureRsa2048 } from './lib/rsa-baseline.ts';

// Once per process: parsing the fallback font (DejaVu, two faces). Timed on its own, before any
// render, so the per-document figures below show it is not paid again. (The Helvetica metrics
// tables are built when @fe/renderer is imported, also once.)
const parseStart = process.hrtime.bigint();
pdfkitRenderer();
const fontParseMs = Number(process.hrtime.bigint() - parseStart) / 1e6;

const issuedAt = new Date('2025-03-10T15:15:00Z');
function buildOnly(lines: number): () => unknown {
  const validated = validateInvoiceRequest(sampleRequest({ lines }), { issueDate: '2025-03-10' });
  if (!validated.ok) throw new Error('sample request rejected');
  const input = {
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number: '990001234',
    software: demoSoftware,
    environment: environments.habilitacion,
    issuedAt,
  };
  return () => buildInvoiceXml(input);
}

function main(): void {
  const rsa = measureRsa2048();
  const rows: (Measurement & { ratio?: number; note?: string })[] = [{ ...rsa, ratio: 1 }];
  const add = (m: Measurement, note?: string) =>
    rows.push({ ...m, ratio: m.perCallMs / rsa.perCallMs, ...(note ? { note } : {}) });
  for (const lines of [1, 12, 120]) {
    const { xml } = sampleInvoice({ lines });
    const view = readInvoiceView(xml, sampleReadOptions);
    const { bytes, pageCount } = renderInvoicePdf(view);
    add(
      measure(`render PDF, ${lines} lines`, () => renderInvoicePdf(view)),
      `${pageCount} p, ${Math.round(bytes.length / 1024)} KiB`,
    );
    add(measure(`read XML → view, ${lines} lines`, () => readInvoiceView(xml, sampleReadOptions)));
    add(
      measure(`XML → PDF (read + render), ${lines} lines`, () =>
        renderInvoicePdf(readInvoiceView(xml, sampleReadOptions)),
      ),
    );
    add(measure(`buildInvoiceXml, ${lines} lines`, buildOnly(lines)));
  }
  const emoji = readInvoiceView(
    sampleInvoice({ lines: 12, customerName: 'Panadería 😀 Ñandú' }).xml,
    sampleReadOptions,
  );
  add(
    measure('render PDF, 12 lines, name needing DejaVu', () => renderInvoicePdf(emoji)),
    'embeds a font subset',
  );
  printTable(rows, rsa.name);
  const twelve = rows.find((r) => r.name === 'render PDF, 12 lines')!;
  const pipeline = rows.find((r) => r.name === 'XML → PDF (read + render), 12 lines')!;
  console.log(`\nfallback font parsed once per process: ${fontParseMs.toFixed(1)} ms (not in the per-render figures)`);
  console.log(
    `12 lines: ${twelve.perCallMs.toFixed(2)} ms per render (goal < 5 ms), ${twelve.ratio!.toFixed(1)}× one RSA-2048 signature;` +
      ` ${pipeline.perCallMs.toFixed(2)} ms from the XML`,
  );
}

main();
