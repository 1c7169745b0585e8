// infra/down.sh and infra/up.sh against a scratch FE_INFRA_HOME: what they must never do,
// without starting a server (the fixed ports belong to the run's own servers).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const infra = fileURLToPath(new URL('..', import.meta.url));
const scratch: string[] = [];

function scratchHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'fe-infra-test-'));
  scratch.push(home);
  mkdirSync(join(home, 'run'));
  return home;
}

function script(name: string, home: string, args: string[]) {
  return spawnSync('bash', [join(infra, name), ...args], {
    env: { ...process.env, FE_INFRA_HOME: home },
    encoding: 'utf8',
  });
}

afterEach(() => {
  for (const home of scratch.splice(0)) rmSync(home, { recursive: true, force: true });
});

describe('infra/down.sh', () => {
  it('leaves alone a live process that a stale pid file names but that is not the server', async () => {
    const home = scratchHome();
    const bystander = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      writeFileSync(join(home, 'run', 's3.pid'), String(bystander.pid));
      const result = script('down.sh', home, ['s3']);
      expect(result.status).toBe(0);
      expect(result.stderr).toContain('s3 is not running');
      expect(existsSync(join(home, 'run', 's3.pid'))).toBe(false);
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      expect(process.kill(bystander.pid ?? 0, 0)).toBe(true);
    } finally {
      bystander.kill();
    }
  });

  it('is a no-op, and succeeds, when nothing runs', () => {
    const result = script('down.sh', scratchHome(), []);
    expect(result.status).toBe(0);
    expect(result.stderr.match(/is not running/g)).toHaveLength(5);
  });
});

describe('infra/up.sh', () => {
  it('refuses a server it does not know, before doing anything', () => {
    const result = script('up.sh', scratchHome(), ['redis']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("unknown server 'redis'");
  });
});
