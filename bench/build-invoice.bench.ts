// Builder cost for 5, 100 and 500 lines next to one RSA-2048 signature measured in the same run.
// Goal (issue "Foundation"): a 5-line invoice builds in less time than one RSA-2048 signature.
// Run: pnpm bench:build
import {
  buildInvoiceXml,
  demoResolution,
  demoSoftware,
  demoTenant,
  validateInvoiceRequest,
  type BuildInvoiceInput,
} from '@fe/dian-domain';
import { Xmlbuilder2Writer } from '@fe/dian-domain/testing';
import { measure, printTable } from './lib/measure.ts';
import { measureRsa2048 } from './lib/rsa-baseline.ts';

function requestWithLines(count: number) {
  return {
    customer: {
      document_type: '31',
      document_number: '900108281',
      name: 'Cliente de Ejemplo S.A.S.',
      email: 'compras@cliente.example',
    },
    lines: Array.from({ length: count }, (_, i) => ({
      code: `SKU-${i + 1}`,
      name: `Producto número ${i + 1} con descripción`,
      quantity: `${(i % 9) + 1}.5`,
      unit_price: `${1000 + i * 13}.99`,
      taxes: i % 4 === 3 ? [] : [{ code: i % 2 ? '01' : '04', name: 'x', rate: i % 2 ? 19 : 8 }],
    })),
    payment: { method_code: '31', due_date: '2030-01-01' },
  };
}

function inputFor(count: number): { body: unknown; input: BuildInvoiceInput } {
  const body = requestWithLines(count);
  const validated = validateInvoiceRequest(body, { issueDate: '2026-03-10' });
  if (!validated.ok) throw new Error(validated.error.code);
  const input = {
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number: '990000001',
    software: demoSoftware,
    environment: '2' as const,
    issuedAt: new Date('2026-03-10T15:15:00Z'),
  };
  return { body, input };
}

const rsa = measureRsa2048();
const rows: { name: string; perCallMs: number; ratio?: number; note?: string }[] = [{ ...rsa, ratio: 1 }];
for (const lines of [5, 100, 500]) {
  const { body, input } = inputFor(lines);
  const build = measure(`build ${lines} lines`, () => buildInvoiceXml(input));
  const full = measure(`validate + build ${lines} lines`, () => {
    const v = validateInvoiceRequest(body, { issueDate: '2026-03-10' });
    if (v.ok) buildInvoiceXml({ ...input, invoice: v.value });
  });
  const viaXmlbuilder2 = measure(`build ${lines} lines via xmlbuilder2`, () =>
    buildInvoiceXml(input, new Xmlbuilder2Writer()),
  );
  rows.push(
    { ...build, ratio: build.perCallMs / rsa.perCallMs },
    { ...full, ratio: full.perCallMs / rsa.perCallMs },
    {
      ...viaXmlbuilder2,
      ratio: viaXmlbuilder2.perCallMs / rsa.perCallMs,
      note: `${(viaXmlbuilder2.perCallMs / build.perCallMs).toFixed(1)}× the string writer`,
    },
  );
}
console.log(`node ${process.version}, ${new Date().toISOString()}`);
printTable(rows, 'RSA-2048 signature');
const five = rows.find((r) => r.name === 'build 5 lines')!;
console.log(
  `\ngoal: build 5 lines < 1 RSA-2048 signature → ratio ${five.ratio!.toFixed(2)} (${five.ratio! < 1 ? 'met' : 'NOT met'})`,
);
