import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutboxTransport } from '@fe/mail';
import { describe, expect, it } from 'vitest';
import { outboxCommand } from './outbox.ts';

describe('pnpm fe outbox', () => {
  it('lists the outbox mails oldest first with recipient and subject; says so when there are none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-cli-outbox-'));
    const io = { outboxDir: (d: string | undefined) => join(d ?? dir, 'outbox') };
    expect(outboxCommand([], io)).toEqual({ exitCode: 0, stdout: `no mails in ${join(dir, 'outbox')}\n`, stderr: '' });
    const outbox = createOutboxTransport(join(dir, 'outbox'));
    for (const [i, to] of [
      [2, 'b@x.example'],
      [1, 'a@x.example'],
    ] as const) {
      await outbox.send({
        from: 'f@fe.example',
        to,
        subject: `900123456;EMPRESA DEMO S.A.S.;SETP99000000${i};01;Empresa Demo`,
        text: 't',
        messageId: `<m${i}@fe.example>`,
        date: new Date(Date.UTC(2026, 2, 10, 15, i)),
        attachments: [],
      });
    }
    const listed = outboxCommand(['--data-dir', dir], io);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.split('\n')[0]).toBe(`2 mails in ${join(dir, 'outbox')}`);
    expect(listed.stdout).toMatch(
      /a@x\.example {2}900123456;EMPRESA DEMO S\.A\.S\.;SETP990000001;01;Empresa Demo[\s\S]*b@x\.example/,
    );
    expect(outboxCommand(['extra'], io).exitCode).toBe(2);
  });
});
