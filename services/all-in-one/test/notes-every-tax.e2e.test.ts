// Notes on invoices with every tax and with withholdings, on the embedded service (suites/notes-every-tax.ts); the
// distributed shape runs its cancellation (distributed-shape.e2e.test.ts).
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import type { Shape } from '../test-support/shapes/shape.ts';
import { notesEveryTaxSuite } from '../test-support/suites/notes-every-tax.ts';

let shape: Shape;
beforeAll(async () => {
  shape = await startEmbeddedShape();
});
afterAll(async () => shape?.close());

notesEveryTaxSuite(() => shape);
