// Contingency (type 04) on the embedded shape: the suite's scenario (test-support/suites/contingency.ts) with the
// built-in simulator's fault taking DIAN down and bringing it back.
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import type { Shape } from '../test-support/shapes/shape.ts';
import { contingencyEnv, contingencySuite } from '../test-support/suites/contingency.ts';

let shape: Shape;
beforeAll(async () => {
  shape = await startEmbeddedShape({ env: contingencyEnv });
}, 120_000);
afterAll(() => shape?.close());

contingencySuite(() => shape);
