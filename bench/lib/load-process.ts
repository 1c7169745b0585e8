// The child side of `closedLoopInChild` and `burstInChild`: one load run, its options from the
// parent over IPC, the result sent back, then exit.
import { burst, type BurstOptions } from './burst.ts';
import { closedLoop, type LoadOptions } from './http-load.ts';

process.once('message', (options) => {
  const message = options as LoadOptions | { burst: BurstOptions };
  const run = 'burst' in message ? burst(message.burst) : closedLoop(message);
  void run.then((result) => {
    // The whole life's CPU, read last, so the parent can take this process out of its reaped-children time.
    const used = process.cpuUsage();
    process.send!({ ...result, lifeCpuMs: (used.user + used.system) / 1000 }, () => process.exit(0));
  });
});
