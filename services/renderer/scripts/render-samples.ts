// Renders the three sample invoices (1 line; 12 lines with IVA and INC; 120 lines) to PDF and to
// PNG pages (pdftoppm, poppler-utils) under services/renderer/tmp/samples, to look at the layout.
//   pnpm exec node services/renderer/scripts/render-samples.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readInvoiceView, renderInvoicePdf } from '../src/index.ts';
import { sampleInvoice, sampleReadOptions } from '../src/samples/sample-invoices.ts';

const out = fileURLToPath(new URL('../tmp/samples/', import.meta.url));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

for (const lines of [1, 12, 120]) {
  const built = sampleInvoice({ lines });
  const { bytes, pageCount } = renderInvoicePdf(readInvoiceView(built.xml, sampleReadOptions));
  const name = `invoice-${lines}-lines`;
  writeFileSync(`${out}${name}.pdf`, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '110', `${out}${name}.pdf`, `${out}${name}`]);
  console.log(`${name}.pdf: ${pageCount} page(s), ${bytes.length} bytes`);
}
console.log(`written to ${out}`);
