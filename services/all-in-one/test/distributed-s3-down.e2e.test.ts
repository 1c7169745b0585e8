// S3 down in the middle of a burst, on an S3 server of this file's own (the shared one is never stopped): killed
// (SIGKILL) and started again on its folder, or hung (SIGSTOP) and resumed. The burst finishes, every process
// restarted if it died of it (as a supervisor would), and every invariant of faults/invariants.ts holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '@fe/mail/testing';
import type { VersitygwServer } from '@fe/platform-s3/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { burst } from '../test-support/faults/burst.ts';
import {
  expectEveryInvoiceFinal,
  expectNoDuplicateEvent,
  expectNoneJudgedTwice,
  expectOneMailPerInvoice,
  expectProjectionEqualsRebuild,
  settledStatuses,
} from '../test-support/faults/invariants.ts';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { alive, startOwnS3 } from '../test-support/start-distributed.ts';

const s3Dir = mkdtempSync(join(tmpdir(), 'fe-s3-down-e2e-'));
let s3: VersitygwServer | undefined;
let catcher: SmtpCatcher;
let shape: DistributedShape;
beforeAll(async () => {
  s3 = await startOwnS3(s3Dir);
  catcher = await startSmtpCatcher();
  shape = await startDistributedShape({
    servers: { FE_S3_ENDPOINT: s3.endpoint, FE_S3_ACCESS_KEY: s3.accessKey, FE_S3_SECRET_KEY: s3.secretKey },
    env: { FE_SMTP_URL: catcher.url, NOTIFIER_RETRY_BACKOFF_MS: '200' },
  });
}, 600_000);
afterAll(async () => {
  await shape?.close();
  await catcher?.close();
  await s3?.stop();
  rmSync(s3Dir, { recursive: true, force: true });
}, 300_000);

/** Starts again (as a supervisor would) every recorded process that died; their names. */
async function restartTheDead(): Promise<string[]> {
  const dead = shape
    .processes()
    .filter((p) => !alive(p.pid))
    .map((p) => p.name);
  for (const name of dead) await shape.restart(name);
  return dead;
}

const outages: { how: string; down: (server: VersitygwServer) => Promise<void> | void; up: () => Promise<void> }[] = [
  { how: 'killed (SIGKILL) and started again', down: (server) => server.kill(), up: () => s3!.restart() },
  { how: 'hung (SIGSTOP) and resumed', down: (server) => server.pause(), up: async () => s3!.resume() },
];

it.each(outages)(
  'S3 $how mid-burst: every invoice final, none judged twice, no event twice, projection = rebuild, one mail each',
  async ({ how, down, up }) => {
    const started = Date.now();
    let died: string[] = [];
    const issued = await burst(shape, {
      count: 30,
      faultAt: 8,
      fault: async () => {
        await down(s3!);
        try {
          await new Promise((resolve) => setTimeout(resolve, 8_000));
        } finally {
          await up();
        }
        died = await restartTheDead();
      },
      withinMs: 300_000,
    });
    const finals = await settledStatuses(shape, issued);
    died.push(...(await restartTheDead())); // a process that died after S3 came back is restarted too
    expectEveryInvoiceFinal(issued, finals);
    await expectNoneJudgedTwice(shape, finals);
    const events = await expectNoDuplicateEvent(shape, issued, finals);
    await expectProjectionEqualsRebuild(shape);
    const mails = expectOneMailPerInvoice(catcher.mails, finals);
    const states: Record<string, number> = {};
    for (const body of finals.values()) {
      const state = body.processing_error ? `error:${body.processing_error.step}` : body.status;
      states[state] = (states[state] ?? 0) + 1;
    }
    const retries = issued.reduce((sum, i) => sum + i.retries, 0);
    console.log(
      `S3 ${how}: ${JSON.stringify({ invoices: issued.length, states, mails, events, died, clientRetries: retries, ms: Date.now() - started })}`,
    );
    // Seconds of S3 down are waited out (STORE_OUTAGE_BUDGET_MS), not given up: no invoice needs an operator.
    expect(states).toEqual({ accepted: issued.length });
    expect(
      shape
        .processes()
        .filter((p) => !alive(p.pid))
        .map((p) => p.name),
    ).toEqual([]);
  },
  900_000,
);
