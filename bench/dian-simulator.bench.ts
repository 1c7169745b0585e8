// `pnpm bench:simulator`: documents the simulator validates per second next to what the signer signs, in the same
// run; the embedded default signs and validates each invoice once, so the simulator must keep up.
import { buildSoapRequest } from '../packages/dian-client/src/index.ts';
import { packageForTest } from '../packages/dian-client/test-support/test-file-names.ts';
import {
  applicationResponseKeyType,
  createSimulatorDispatcher,
  createStore,
  SERVICE_PATH,
} from '../services/dian-simulator/src/index.ts';
import { signedInvoice } from '../services/dian-simulator/test-support/invoices.ts';
import { signedNote } from '../services/dian-simulator/test-support/notes.ts';
import { makeWorld } from '../services/dian-simulator/test-support/world.ts';
import { withoutSignature } from '@fe/dian-xml/testing';
import { createXadesSigner } from '@fe/xades';
import { measure, printTable } from './lib/measure.ts';
import { measureRsa2048 } from './lib/rsa-baseline.ts';
import { measureSimulatorFloor } from './lib/simulator-floor.ts';

const world = makeWorld();
try {
  const endpoint = `http://127.0.0.1:8081${SERVICE_PATH}`;
  const now = new Date();
  // A store that keeps nothing, so every call goes the whole way to a signed AR; the XSD check is off here and
  // measured in its own row.
  const accepting = createSimulatorDispatcher(
    world.config({ schemaValidation: 'off' }, world.ecIdentity),
    createStore(0),
  );
  const acceptingRsa = createSimulatorDispatcher(
    world.config({ schemaValidation: 'off' }, world.identity),
    createStore(0),
  );
  const acceptingWithSchema = createSimulatorDispatcher(
    world.config({ schemaValidation: 'on' }, world.ecIdentity),
    createStore(0),
  );
  const arKey = applicationResponseKeyType(world.ecIdentity);
  const arKeyRsa = applicationResponseKeyType(world.identity);
  const request = (xml: string) => {
    const { zip } = packageForTest(xml, now);
    return buildSoapRequest(
      'SendBillSync',
      [
        ['fileName', zip.fileName],
        ['contentFile', Buffer.from(zip.content).toString('base64')],
      ],
      {
        credential: world.ws,
        endpoint,
        now,
        ttlSeconds: 3600,
      },
    ).body;
  };
  const validXml = signedInvoice({ credential: world.tenant }).xml;
  const valid = request(validXml);
  const rejected = request(
    signedInvoice({
      credential: world.tenant,
      mutate: (x) => x.replace('<cbc:LineCountNumeric>4<', '<cbc:LineCountNumeric>5<'),
    }).xml,
  );
  if (!accepting(valid, endpoint).body.includes('<b:StatusCode>00<')) throw new Error('bench fixture is not accepted');
  if (!acceptingRsa(valid, endpoint).body.includes('<b:StatusCode>00<'))
    throw new Error('bench fixture is not accepted (RSA AR)');
  if (!accepting(rejected, endpoint).body.includes('<b:StatusCode>99<'))
    throw new Error('bench fixture is not rejected');
  // A credit note on an invoice this simulator accepted (CBG04): a store that remembers the invoice
  // and nothing after it, so each call is the note's first submission too.
  const remembering = createStore();
  const invoice = signedInvoice({ credential: world.tenant });
  const noteStore = {
    ...remembering,
    record: () => {},
    isAccepted: () => false,
    acceptedDocument: (key: string) => remembering.acceptedDocument(key),
  };
  createSimulatorDispatcher(world.config({ schemaValidation: 'off' }, world.ecIdentity), remembering)(
    request(invoice.xml),
    endpoint,
  );
  const acceptingNotes = createSimulatorDispatcher(
    world.config({ schemaValidation: 'off' }, world.ecIdentity),
    noteStore,
  );
  const issueDate = new Date(now.getTime() - 5 * 3600_000).toISOString().slice(0, 10);
  const creditNote = request(
    signedNote({
      kind: 'credit-note',
      invoice: { id: invoice.id, cufe: invoice.cufe, issueDate },
      credential: world.tenant,
      issuedAt: now,
    }).xml,
  );
  if (!acceptingNotes(creditNote, endpoint).body.includes('<b:StatusCode>00<'))
    throw new Error('bench credit note is not accepted');

  // The signer's hot path on this thread, over the same 4-line invoice (unsigned, canonical form).
  const unsigned = withoutSignature(signedInvoice({ credential: world.tenant }).xml);
  const signer = createXadesSigner(world.tenant);

  const rsa = measureRsa2048();
  const sign = measure('signer: XAdES-EPES, 4-line invoice', () => signer.sign(unsigned, { signingTime: now }));
  const accept = measure(`simulator: SendBillSync → 00 + AR signed ${arKey}`, () => accepting(valid, endpoint));
  const reject = measure('simulator: SendBillSync → 99 (FAD16)', () => accepting(rejected, endpoint));
  const acceptNote = measure(`simulator: SendBillSync credit note (1 line) → 00 + AR signed ${arKey}`, () =>
    acceptingNotes(creditNote, endpoint),
  );
  const acceptRsa = measure(`simulator: SendBillSync → 00 + AR signed ${arKeyRsa}`, () =>
    acceptingRsa(valid, endpoint),
  );
  const acceptSchema = measure(
    `simulator: SendBillSync → 00 + AR signed ${arKey}, with the XSD (libxml2, in process)`,
    () => acceptingWithSchema(valid, endpoint),
  );
  const floor = measureSimulatorFloor({
    contentFileBase64: Buffer.from(packageForTest(validXml, now).zip.content).toString('base64'),
    xml: validXml,
    tenantKey: world.tenant.privateKey,
    arKeyPem: world.ecIdentity.privateKeyPem,
  });
  const rows = [rsa, sign, accept, reject, acceptNote, acceptRsa, acceptSchema, floor].map((m) => ({
    name: m.name,
    perCallMs: m.perCallMs,
    ratio: m.perCallMs / sign.perCallMs,
    note: `${Math.round(1000 / m.perCallMs)}/s`,
  }));
  printTable(rows, 'signer ms/op');
  const ratio = sign.perCallMs / accept.perCallMs;
  console.log(
    `\nsimulator throughput (accepting, AR signed ${arKey}) / signer throughput = ${ratio.toFixed(2)} (goal ≥ 2.00: ${ratio >= 2 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `simulator throughput (rejecting) / signer throughput = ${(sign.perCallMs / reject.perCallMs).toFixed(2)}`,
  );
  console.log(
    `simulator throughput (accepting, AR signed ${arKeyRsa}) / signer throughput = ${(sign.perCallMs / acceptRsa.perCallMs).toFixed(2)}`,
  );
  // What the goal leaves for everything the simulator does in JavaScript (two XML parses, C14N,
  // the rules, the AR and SOAP answers) once its native work is paid.
  const left = sign.perCallMs / 2 - floor.perCallMs;
  console.log(
    `ceiling: signer / native floor = ${(sign.perCallMs / floor.perCallMs).toFixed(2)}; the goal leaves ${(left * 1000).toFixed(0)} µs per request for the simulator's JavaScript (it spends ${((accept.perCallMs - floor.perCallMs) * 1000).toFixed(0)} µs)`,
  );
} finally {
  world.cleanup();
}
