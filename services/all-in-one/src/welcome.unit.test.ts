import { describe, expect, it } from 'vitest';
import { welcomeText } from './welcome.ts';

const base = {
  url: 'http://127.0.0.1:8080',
  examplePath: 'examples/invoice-request.json',
  dataDir: '/srv/fe data',
  demo: { created: false, issuedApiKey: undefined },
};

describe("welcomeText: where the buyers' mails go", () => {
  it('names the outbox folder and the command that lists it when no SMTP server is configured', () => {
    expect(welcomeText({ ...base, mail: { kind: 'outbox', destination: '/srv/data/outbox' } })).toContain(
      "Mails (to buyers, and the portal's) are not sent (no FE_SMTP_URL): they are written to /srv/data/outbox; `pnpm fe outbox --data-dir '/srv/fe data'` lists them, `pnpm fe outbox --data-dir '/srv/fe data' --last --to <email>` shows one.",
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

describe('welcomeText: the data folder and the API reference', () => {
  it('names the data folder by its absolute path in every command it prints', () => {
    for (const demo of [base.demo, { created: true, issuedApiKey: 'fe_test_x' }]) {
      const text = welcomeText({ ...base, demo, mail: { kind: 'outbox', destination: '/srv/fe data/outbox' } });
      const commands = text.match(/pnpm (-s )?fe [a-z-]+[^`)\n]*/g)!;
      expect(commands.length).toBeGreaterThanOrEqual(3);
      for (const command of commands) expect(command).toContain("--data-dir '/srv/fe data'");
    }
  });

  it('points at the rendered reference and the OpenAPI document beside it', () => {
    expect(welcomeText(base)).toContain(
      `API reference: ${base.url}/docs (the OpenAPI document: ${base.url}/docs/openapi.json)`,
    );
  });
});
