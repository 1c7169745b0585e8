import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerCalls } from './worker-calls.ts';

type Call = { n: number; fail?: boolean; waitForRelease?: boolean } | { n: number; op: 'close' };
type Answer = { n: number; batch: number; batchSize: number };

// A worker that answers each call with the number of the message (batch) that carried it, and can hold a call until
// the test releases it (a flag on shared memory), so that calls can be made while a batch is on the worker.
const workerSource = `
  const { parentPort, workerData } = require('node:worker_threads');
  const flag = new Int32Array(workerData.release);
  import(${JSON.stringify(new URL('./worker-calls.ts', import.meta.url).href)}).then(({ serveWorkerCalls }) => {
    let batch = 0;
    let batchSize = 0;
    parentPort.on('message', (calls) => { batch += 1; batchSize = calls.length; });
    serveWorkerCalls((call) => {
      if (call.fail) throw new Error('refused ' + call.n);
      if (call.waitForRelease) Atomics.wait(flag, 0, 0);
      return { n: call.n, batch, batchSize };
    }, (error) => error.message);
  });`;

const started: WorkerCalls<Call, string>[] = [];
afterEach(async () => {
  for (const calls of started.splice(0)) await calls.close({ n: 0, op: 'close' });
});

function start() {
  const release = new SharedArrayBuffer(4);
  const worker = new Worker(workerSource, { eval: true, workerData: { release } });
  const calls = new WorkerCalls<Call, string>(worker, {
    fromWorker: (message) => new Error(message),
    unavailable: (reason) => new Error(`unavailable: ${reason}`),
  });
  started.push(calls);
  const flag = new Int32Array(release);
  return {
    call: (call: Call) => calls.call(call) as Promise<Answer>,
    release: () => (Atomics.store(flag, 0, 1), Atomics.notify(flag, 0)),
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkerCalls', () => {
  it('sends the calls of one turn in one message and answers each on its own: one failure fails alone', async () => {
    const { call } = start();
    const outcomes = await Promise.allSettled([call({ n: 1 }), call({ n: 2, fail: true }), call({ n: 3 })]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: { n: 1, batch: 1, batchSize: 3 } },
      { status: 'rejected', reason: new Error('refused 2') },
      { status: 'fulfilled', value: { n: 3, batch: 1, batchSize: 3 } },
    ]);
  });

  it('fails alone a call that cannot cross to the worker; the others of its turn are answered', async () => {
    const { call } = start();
    const outcomes = await Promise.allSettled([
      call({ n: 1 }),
      call({ n: 2, notData: () => 2 } as Call),
      call({ n: 3 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ name: 'DataCloneError' });
  });

  it('gathers the calls made while the worker has a batch into the next message', async () => {
    const { call, release } = start();
    const first = call({ n: 1, waitForRelease: true });
    await nextTurn(); // the first batch leaves; the worker holds it
    const second = call({ n: 2 });
    await nextTurn();
    const third = call({ n: 3 });
    await nextTurn();
    release();
    expect(await Promise.all([first, second, third])).toEqual([
      { n: 1, batch: 1, batchSize: 1 },
      { n: 2, batch: 2, batchSize: 2 },
      { n: 3, batch: 2, batchSize: 2 },
    ]);
  });
});
