import { readFileSync } from 'node:fs';
import { newTenantSchema, parseInput } from '@fe/tenancy';
import { describe, expect, it } from 'vitest';
import { dispatch } from './help.ts';
import { commands } from './main.ts';

// The subcommands from the CLI's own table: a command added there is walked here too.
const names = Object.keys(commands);

describe('pnpm fe <command> --help', () => {
  it('walks the whole table', () => {
    expect(names.length).toBeGreaterThanOrEqual(14);
  });

  it.each(names)('%s answers --help, -h and `help %s` with its usage and an example, exit 0', async (name) => {
    for (const argv of [
      [name, '--help'],
      [name, '-h'],
      ['help', name],
      [name, 'some-argument', '--data-dir', '/nowhere', '-h'],
    ]) {
      const answer = await dispatch(commands, argv);
      expect(answer, argv.join(' ')).toMatchObject({ exitCode: 0, stderr: '' });
      expect(answer.stdout).toContain(commands[name]!.usage);
      expect(answer.stdout).toMatch(new RegExp(`\\nexample:\\n(.*\\n)*.*pnpm (-s )?fe ${name}\\b`));
    }
  });

  it('pnpm fe -h, --help and help print every command, exit 0; alone it prints them as an error, exit 2', async () => {
    for (const flag of ['-h', '--help', 'help']) {
      const answer = await dispatch(commands, [flag]);
      expect(answer.exitCode).toBe(0);
      for (const name of names) expect(answer.stdout).toContain(`  ${name}`);
    }
    expect(await dispatch(commands, [])).toMatchObject({ exitCode: 2, stdout: '' });
    const unknown = await dispatch(commands, ['constructor', '--help']);
    expect(unknown).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/^unknown command: constructor\n/) });
  });

  it('tenant create --help shows the shape of examples/tenant.json, which create accepts', async () => {
    const text = readFileSync(new URL('../../../examples/tenant.json', import.meta.url), 'utf8');
    const answer = await dispatch(commands, ['tenant', 'create', '--help']);
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout).toContain(text);
    expect(parseInput(newTenantSchema, JSON.parse(text)).tenant.id).toBe('acme');
  });
});
