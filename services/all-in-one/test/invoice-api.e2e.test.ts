// The HTTP API of the embedded service, end to end on a real port (issue: "end-to-end tests over
// HTTP"); the same suite runs on the distributed shape (distributed-shape.e2e.test.ts).
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import type { Shape } from '../test-support/shapes/shape.ts';
import { creditDebitNotesSuite } from '../test-support/suites/credit-debit-notes.ts';
import { currencySuite } from '../test-support/suites/currency.ts';
import { invoiceApiSuite } from '../test-support/suites/invoice-api.ts';
import { operationsSuite } from '../test-support/suites/operations.ts';
import { otherTaxesSuite } from '../test-support/suites/other-taxes.ts';

let shape: Shape;
beforeAll(async () => {
  shape = await startEmbeddedShape();
});
afterAll(async () => shape?.close());

invoiceApiSuite(() => shape);
creditDebitNotesSuite(() => shape);
otherTaxesSuite(() => shape);
operationsSuite(() => shape);
currencySuite(() => shape);
