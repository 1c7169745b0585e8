// The embedded default's end-to-end suite on the distributed shape: every service its own process, one start
// per file, on the shared servers under its own prefixes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burst, expectNothingLostOrTwice, logLinesWhere } from '../test-support/faults/burst.ts';
import { twoSubmittersNeverSendTwice } from '../test-support/faults/two-submitters.ts';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { creditDebitNotesSuite } from '../test-support/suites/credit-debit-notes.ts';
import { currencySuite } from '../test-support/suites/currency.ts';
import { invoiceApiSuite } from '../test-support/suites/invoice-api.ts';
import { everyTaxCancellationSuite } from '../test-support/suites/notes-every-tax.ts';
import { operationsSuite } from '../test-support/suites/operations.ts';
import { otherTaxesSuite } from '../test-support/suites/other-taxes.ts';

let shape: DistributedShape;
beforeAll(async () => {
  shape = await startDistributedShape();
}, 600_000);
afterAll(async () => {
  await shape?.close();
}, 300_000);

// Ready means able to work (docs/service.md, "One process per service"): the start script returns
// once every /readyz is 200, consumer-groups included, so the first invoice gets its verdict, not a 202.
it('answers the first invoice posted right after the start script returned with its verdict (201)', () => {
  expect(shape.firstAnswer).toEqual({ status: 201, invoiceStatus: 'accepted' });
});

describe('the invoice API on the distributed shape', () => invoiceApiSuite(() => shape));
describe('credit and debit notes on the distributed shape', () => creditDebitNotesSuite(() => shape));
describe('a note with every tax on the distributed shape', () => everyTaxCancellationSuite(() => shape));
describe('the taxes beyond IVA and INC on the distributed shape', () => otherTaxesSuite(() => shape));
describe('AIU and mandates on the distributed shape', () => operationsSuite(() => shape));
describe('currency and export on the distributed shape', () => currencySuite(() => shape));

// Faults only processes have (the broker and PostgreSQL restarts: distributed-restarts.e2e.test.ts).
// Each prints what it saw; the counts are asserted in expectNothingLostOrTwice.
describe('faults only processes have', () => {
  const burstOf = (invoices: Set<string>, lines: string[], msg: string) =>
    logLinesWhere(lines, (l) => l.msg === msg && invoices.has(l.invoice_id));

  it('two submitter instances never send one document to DIAN twice, with every invoice retried by their sweepers', async () => {
    console.log(`two submitters: ${JSON.stringify(await twoSubmittersNeverSendTwice(shape))}`);
  }, 400_000);

  it('SIGKILL of one signer instance in the middle of a burst of 50: the other signs the rest; nothing lost or done twice', async () => {
    // Killed once it has signed part of the burst (its first signature of a fresh pool takes a while),
    // so that it dies with work of its own in hand rather than before it started any.
    const signedBefore = logLinesWhere(shape.logsOf('signer-1'), (l) => l.msg === 'invoice signed').length;
    const killWhenBusy = async () => {
      const deadline = Date.now() + 60_000;
      while (
        logLinesWhere(shape.logsOf('signer-1'), (l) => l.msg === 'invoice signed').length === signedBefore &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await shape.kill('signer-1', 'SIGKILL');
    };
    const issued = await burst(shape, { count: 50, faultAt: 15, fault: killWhenBusy });
    const report = await expectNothingLostOrTwice(shape, issued);
    const ids = new Set(issued.map((i) => i.invoiceId));
    const signed = (name: string) => burstOf(ids, shape.logsOf(name), 'invoice signed').length;
    const seen = { ...report, signedBy: { 'signer-1': signed('signer-1'), 'signer-2': signed('signer-2') } };
    console.log(`signer SIGKILL: ${JSON.stringify(seen)}`);
    expect(seen.signedBy['signer-1']).toBeGreaterThan(0); // it had started on the burst
    expect(seen.signedBy['signer-2']).toBeGreaterThan(0);
  }, 400_000);
});
