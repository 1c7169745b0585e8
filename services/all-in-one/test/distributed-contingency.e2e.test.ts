// Contingency (type 04) on the distributed shape: the suite's scenario (test-support/suites/contingency.ts) with the
// simulator a process of its own, taken down and brought back through its control port; the ingress processes
// probe it, the renderer, notifier and submitter processes do the rest.
import { startDistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { contingencySuite } from '../test-support/suites/contingency.ts';

contingencySuite((env) => startDistributedShape({ env }));
