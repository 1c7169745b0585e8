import { describe, expect, it } from 'vitest';
import { welcomeText } from './welcome.ts';

const base = {
  url: 'http://127.0.0.1:8080',
  examplePath: 'examples/invoice-request.json',
  apiKeyCommand: 'pnpm -s fe api-key',
  demo: { created: false, issuedApiKey: undefined },
};

describe("welcomeText: where the buyers' mails go", () => {
  it('names the outbox folder and the command that lists it when no SMTP server is configured', () => {
    expect(welcomeText({ ...base, mail: { kind: 'outbox', destination: '/srv/data/outbox' } })).toContain(
      "Mails (to buyers, and the portal's) are not sent (no FE_SMTP_URL): they are written to /srv/data/outbox; `pnpm fe outbox` lists them, `pnpm fe outbox --last --to <email>` shows one.",
    );
  });

  it('names the mail server (never credentials: the URL carries none) when one is configured, and says nothing without the field', () => {
    expect(welcomeText({ ...base, mail: { kind: 'smtp', destination: 'smtps://mail.example.com:465' } })).toContain(
      "Mails (to buyers, and the portal's) leave through smtps://mail.example.com:465.",
    );
    expect(welcomeText(base)).not.toContain('Mails (to buyers');
  });
});

describe('welcomeText: the admin portal', () => {
  it("names the portal beside the API in the embedded shape, and at its own process's address when given (the distributed shape)", () => {
    expect(welcomeText(base)).toContain(`Admin portal (sign up a company of your own): ${base.url}/admin\n`);
    const distributed = welcomeText({ ...base, shape: 'distributed', portalUrl: 'http://127.0.0.1:8082/admin' });
    expect(distributed).toContain('Admin portal (sign up a company of your own): http://127.0.0.1:8082/admin\n');
    expect(distributed).not.toContain(`${base.url}/admin`);
  });
});
