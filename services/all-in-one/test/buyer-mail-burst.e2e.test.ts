// Many resend requests for one invoice at once, each to its own address, over a real SMTP server: every 202 is a
// mail that leaves (none lost to a race between the requests' rounds).
import { startSmtpCatcher, type SmtpCatcher } from '@fe/mail/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let catcher: SmtpCatcher;
let world: World;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  world = await startWorld({ FE_SMTP_URL: catcher.url, NOTIFIER_RETRY_BACKOFF_MS: '100' });
});
afterAll(async () => {
  await world?.close();
  await catcher?.close();
});

describe('30 concurrent POST …/notify with different addresses', () => {
  it('sends one mail per 202, each to its own address', async () => {
    const answer = (await world.post(exampleRequest)).body;
    await pollStatus(world, answer.cufe, (b) => b.buyer_notification?.stage === 'sent');
    const before = catcher.mails.length;
    const addresses = Array.from({ length: 30 }, (_, i) => `comprador${i}@cliente.example`);
    const answers = await Promise.all(
      addresses.map((email) =>
        fetch(`${world.url}/api/v1/service/invoice/${answer.cufe}/notify`, {
          method: 'POST',
          headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        }),
      ),
    );
    const accepted = addresses.filter((_, i) => answers[i]!.status === 202);
    expect(answers.every((a) => a.status === 202)).toBe(true);
    const mails = await catcher.waitForMails(before + accepted.length, 60_000);
    await new Promise((r) => setTimeout(r, 1000)); // no extra mail trails behind
    expect(catcher.mails.length).toBe(before + accepted.length);
    expect(
      mails
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([...accepted].sort());
  });
});
