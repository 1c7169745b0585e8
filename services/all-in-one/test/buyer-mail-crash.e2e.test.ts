/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The process killed (SIGKILL) while the SMTP server holds the buyer's mail and before it answers
// 250: the service restarts, finds the attempt recorded without an outcome, and neither sends a second
// mail nor pretends the first arrived (docs/notifier.md, "Exactly one mail per invoice").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '@fe/mail/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startChildService, stopChild, type ChildService } from '../test-support/child-service.ts';
import { exampleRequest } from '../test-support/world.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fe-mail-crash-'));
let service: ChildService | undefined;
let catcher: SmtpCatcher | undefined;
afterAll(async () => {
  if (service) await stopChild(service.process, 'SIGKILL');
  await catcher?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function status(s: ChildService, cufe: string, until: (b: any) => boolean): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${s.url}/api/v1/service/status/${cufe}`, {
      headers: { authorization: `Bearer ${s.apiKey}` },
    }).catch(() => undefined);
    const body = answer?.ok ? await answer.json() : undefined;
    if (body && until(body)) return body;
    if (Date.now() > deadline)
      throw new Error(`status of ${cufe} never reached the condition: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('SIGKILL between the mail server taking the mail and the outcome being recorded', () => {
  it('leaves one mail, and after the restart the status says the outcome is unknown; nothing is resent', async () => {
    catcher = await startSmtpCatcher();
    const env = {
      FE_DATA_DIR: dataDir,
      FE_PORT: String(await freePort()),
      FE_SMTP_URL: catcher.url,
      NOTIFIER_RETRY_BACKOFF_MS: '100',
    };
    service = await startChildService(env);
    const first = service;
    const killed = new Promise<void>((resolve) => {
      catcher!.onMail = () => {
        first.process.kill('SIGKILL'); // before the 250 goes back: the notifier never learns the outcome
        resolve();
      };
    });
    const answer = (await (
      await fetch(`${first.url}/api/v1/service/invoice`, {
        method: 'POST',
        headers: { authorization: `Bearer ${first.apiKey}`, 'content-type': 'application/json', prefer: 'wait=0' },
        body: JSON.stringify(exampleRequest),
      })
    ).json()) as any;
    await killed;
    await new Promise<void>((r) =>
      first.process.exitCode !== null || first.process.signalCode !== null
        ? r()
        : first.process.once('exit', () => r()),
    );
    catcher.onMail = undefined;
    expect(catcher.mails).toHaveLength(1);

    service = await startChildService(env);
    const body = await status(
      service,
      answer.cufe,
      (b) => b.buyer_notification && b.buyer_notification.stage !== 'sending',
    );
    expect(body.buyer_notification).toMatchObject({
      stage: 'failed',
      code: 'MAIL_OUTCOME_UNKNOWN',
      email: exampleRequest.customer.email,
      attempt: 1,
    });
    expect(body.status).toBe('accepted');
    // The failure is final: the round is closed, so no later delivery can send it again.
    expect(catcher.mails).toHaveLength(1);
  });
});
