// The child side of `closedLoopInChild`: one load run, its options from the parent over IPC, the
// result sent back, then exit.
import { closedLoop, type LoadOptions } from './http-load.ts';

process.once('message', (options) => {
  void closedLoop(options as LoadOptions).then((result) => process.send!(result, () => process.exit(0)));
});
