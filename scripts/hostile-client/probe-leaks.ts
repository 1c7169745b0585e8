// p.6: what an outsider learns or breaks without a password: whether an email has an account (password-reset
// timing), the owner locked out by five wrong passwords from five addresses, and secrets in answers, logs, files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from './context.ts';
import { ACCOUNT_PASSWORD, Visitor } from './portal.ts';
import { Tally } from './tally.ts';

export const leaksTally = () => new Tally('p.6 leaks and locks');

/**
 * Times password-reset posts for the known email and unknown ones, interleaved. A threshold chosen on the first half
 * classifies the second: better than chance by 3 standard deviations (and 8 points at least) is a leak.
 */
export async function resetTiming(context: Context, tally: Tally, knownEmail: string): Promise<void> {
  const n = context.settings.timingSamples;
  const samples: { known: boolean; ms: number }[] = [];
  const visitor = new Visitor(context.target.portal);
  for (let i = 0; i < 2 * n; i++) {
    const known = i % 2 === Math.floor(i / 2) % 2;
    const csrf = await visitor.csrf('/password');
    const email = known ? knownEmail : `nadie${i}.${Date.now()}@empresa.example`;
    const body = new URLSearchParams({ email, csrf }).toString();
    const answer = await visitor.request('/password', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    tally.count(answer, 'password reset');
    samples.push({ known, ms: answer.ms });
  }
  const train = samples.filter((_, i) => i % 2 === 0);
  const test = samples.filter((_, i) => i % 2 === 1);
  const candidates = train.map((s) => s.ms);
  let best = { accuracy: 0, threshold: 0, knownSlower: true };
  for (const threshold of candidates)
    for (const knownSlower of [true, false]) {
      const accuracy = correct(train, threshold, knownSlower);
      if (accuracy > best.accuracy) best = { accuracy, threshold, knownSlower };
    }
  const accuracy = correct(test, best.threshold, best.knownSlower);
  const margin = Math.max(0.08, 1.5 / Math.sqrt(test.length));
  const median = (known: boolean) => {
    const sorted = samples
      .filter((s) => s.known === known)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!.toFixed(2);
  };
  tally.note(
    `reset timing: median known ${median(true)} ms, unknown ${median(false)} ms; ` +
      `${(accuracy * 100).toFixed(0)} % told apart on ${test.length} held-out samples (leak above ${((0.5 + margin) * 100).toFixed(0)} %)`,
  );
  if (accuracy > 0.5 + margin)
    tally.isLeaked(`password reset tells a known email ${(accuracy * 100).toFixed(0)} % of the time`);
}

const correct = (samples: { known: boolean; ms: number }[], threshold: number, knownSlower: boolean) =>
  samples.filter((s) => s.ms > threshold === (knownSlower ? s.known : !s.known)).length / samples.length;

/** Five wrong passwords from five addresses, then the owner from a sixth: the owner must get in. */
export async function lockout(context: Context, tally: Tally, email: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const attacker = new Visitor(context.target.portal, `127.0.0.${11 + i}`);
    tally.count(await attacker.post('/login', { email, password: `equivocada-${i}` }), 'wrong password');
  }
  const owner = new Visitor(context.target.portal, '127.0.0.20');
  const answer = tally.count(await owner.post('/login', { email, password: ACCOUNT_PASSWORD }), "the owner's login");
  if (answer.status !== 303)
    tally.isStuck(`after five wrong passwords from five addresses the owner got ${answer.status}`);
}

/** Every answer body so far (http.ts calls this), then the logs and the data folder's files, for each secret. */
export function secretWatcher(context: Context, tally: Tally) {
  const seen = new Set<string>();
  const hit = (secret: string, where: string) => {
    if (seen.has(`${secret}@${where}`)) return;
    seen.add(`${secret}@${where}`);
    tally.isLeaked(`${secret} in ${where}`);
  };
  return {
    inBody(text: string, url: string) {
      for (const [name, value] of context.target.secrets) if (text.includes(value)) hit(name, `the answer of ${url}`);
    },
    inLogsAndFiles() {
      const logs = context.target
        .logs()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .join('\n');
      for (const [name, value] of context.target.secrets) if (logs.includes(value)) hit(name, 'the logs');
      for (const file of filesUnder(context.target.dataDir)) {
        if (file.endsWith('/master.key')) continue; // the master key's own home
        const bytes = readFileSync(file);
        for (const [name, value] of context.target.secrets)
          if (bytes.includes(value)) hit(name, file.slice(context.target.dataDir.length + 1));
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    return !stat ? [] : stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}
