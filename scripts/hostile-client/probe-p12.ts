// p.2: a .p12 of millions of key-derivation iterations uploaded to the portal; meanwhile other clients' requests
// must answer as fast as before, within 20× the baseline median (and 2 s at least).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from './context.ts';
import { baselineMs, watchWhile } from './latency.ts';
import { multipart, type Visitor } from './portal.ts';
import { Tally } from './tally.ts';

export const HEAVY_P12_PASSWORD = 'clave-del-p12-pesado-7319';

export async function probeP12(context: Context, session: Visitor | undefined): Promise<Tally> {
  const tally = new Tally('p.2 heavy .p12');
  if (!session) {
    tally.isStuck('no portal session to upload with');
    return tally;
  }
  const p12 = heavyP12(context.settings.p12Iterations);
  const baseline = await baselineMs([...context.target.health, ...context.target.served]);
  const bound = Math.max(2000, 20 * baseline);
  const csrf = await session.csrf('/onboarding/certificate');
  const form = multipart({ csrf, password: HEAVY_P12_PASSWORD }, p12);
  const upload = session.request('/onboarding/certificate', {
    method: 'POST',
    headers: { 'content-type': form.contentType },
    body: form.body,
    timeoutMs: 180_000,
  });
  const watch = await watchWhile(upload, [...context.target.health, ...context.target.served], bound);
  const answer = tally.count(await upload, 'the upload');
  tally.note(
    `upload: ${answer.status} in ${Math.round(answer.ms)} ms; baseline ${baseline.toFixed(1)} ms, bound ${Math.round(bound)} ms`,
  );
  tally.sent += watch.sent;
  for (const line of [...watch.failed, ...watch.slow]) tally.isStuck(`while the upload ran: ${line}`);
  return tally;
}

/** A self-signed certificate and key in a .p12 of `iterations` PBKDF2 iterations (openssl). */
function heavyP12(iterations: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'fe-hostile-p12-'));
  try {
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'k.pem',
      '-out',
      'c.pem',
      '-days',
      '30',
      '-subj',
      '/CN=HOSTIL PRUEBAS/serialNumber=860002964',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    ]);
    run([
      'pkcs12',
      '-export',
      '-iter',
      String(iterations),
      '-inkey',
      'k.pem',
      '-in',
      'c.pem',
      '-out',
      'heavy.p12',
      '-passout',
      `pass:${HEAVY_P12_PASSWORD}`,
    ]);
    return readFileSync(join(dir, 'heavy.p12'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
