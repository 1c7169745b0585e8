// Contingency (type 04) on the embedded shape: the suite's scenario (test-support/suites/contingency.ts) with the
// built-in simulator's fault taking DIAN down and bringing it back.
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import { contingencySuite } from '../test-support/suites/contingency.ts';

contingencySuite((env) => startEmbeddedShape({ env }));
