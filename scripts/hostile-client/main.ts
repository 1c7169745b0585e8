// The hostile client (docs/hostile-client.md): starts the service in a temporary data folder, sends the probes of
// an outside attacker, prints what each family counted, stops what it started. Exit 1 on any 5xx, stuck, leaked or
// wrong answer; 2 when the run itself failed.
import { ACCOUNT_PASSWORD, onboardedVisitor, Visitor } from './portal.ts';
import type { Context } from './context.ts';
import { watchBodies } from './http.ts';
import { probeApi } from './probe-api.ts';
import { checkNumbered, finalTally, sendRefusedInvoices } from './probe-final.ts';
import { leaksTally, lockout, resetTiming, secretWatcher } from './probe-leaks.ts';
import { HEAVY_P12_PASSWORD, probeP12 } from './probe-p12.ts';
import { probePortal } from './probe-portal.ts';
import { probeSlow } from './probe-slow.ts';
import { readSettings } from './settings.ts';
import { table } from './table.ts';
import { startTarget } from './target.ts';
import type { Tally } from './tally.ts';

const log = (line: string) => console.error(`[hostile ${new Date().toISOString().slice(11, 19)}] ${line}`);
let stopTarget: (() => Promise<void>) | undefined;
const stopOnSignal = (signal: NodeJS.Signals) =>
  process.once(signal, () => {
    log(`${signal}: stopping the service`);
    void (stopTarget?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
stopOnSignal('SIGINT');
stopOnSignal('SIGTERM');

async function main(): Promise<number> {
  const settings = readSettings(process.argv.slice(2));
  const runs = (name: string) => !settings.only || settings.only.includes(name);
  log(`starting the ${settings.shape} shape`);
  const target = await startTarget(settings.shape, (stop) => (stopTarget = stop));
  log(`started at ${target.url}`);
  target.secrets.set('portal account password', ACCOUNT_PASSWORD);
  target.secrets.set('heavy .p12 password', HEAVY_P12_PASSWORD);
  const context: Context = { target, settings, numbered: new Map(), log };
  const tallies: Tally[] = [];
  const final = finalTally();
  const leaks = leaksTally();
  const secrets = secretWatcher(context, leaks);
  watchBodies(secrets.inBody);

  const email = `hostil.${Date.now()}@empresa.example`;
  const session = await onboardedVisitor(target.portal, target.outboxDir, email).catch((error: Error) => {
    leaks.isStuck(`the portal session could not be made: ${error.message}`);
    return undefined;
  });
  const anonymous = new Visitor(target.portal);

  if (runs('p5-api')) tallies.push(await step('p.5 API', () => probeApi(context)));
  if (runs('p5-portal')) tallies.push(await step('p.5 portal', () => probePortal(context, session, anonymous)));
  if (runs('p4')) await step('p.4 refused certificate', () => sendRefusedInvoices(context, final));
  if (runs('p6')) {
    await step('p.6 reset timing', () => resetTiming(context, leaks, email));
    await step('p.6 lockout', () => lockout(context, leaks, email));
  }
  if (runs('p2')) tallies.push(await step('p.2 heavy .p12', () => probeP12(context, session)));
  if (runs('p3')) tallies.push(await step('p.3 slow connections', () => probeSlow(context)));
  await step('p.4 every number final', () => checkNumbered(context, final));
  await step('p.6 secrets in logs and files', async () => secrets.inLogsAndFiles());
  tallies.push(final, leaks);
  tallies.sort((a, b) => a.family.localeCompare(b.family));

  console.log(`\nhostile client, ${settings.shape} shape\n`);
  console.log(table(tallies));
  return tallies.some((t) => t.failures > 0) ? 1 : 0;
}

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  log(`${name}…`);
  const started = Date.now();
  const result = await run();
  log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

let code = 2;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof RangeError ? error.message : error);
} finally {
  log('stopping the service');
  await stopTarget?.().catch((error: Error) => console.error(`stopping: ${error.message}`));
}
process.exit(code);
