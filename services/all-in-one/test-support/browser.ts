// Headless Chromium (Debian's `chromium`, scripts/install-system-tools.sh) driven by playwright-core,
// for the admin portal's browser tests: a fresh profile per browser, screenshots kept as artifacts
// in test-artifacts/portal/ (ignored by git).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { outboxMailsTo } from './outbox.ts';

export const CHROMIUM = process.env.FE_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = new URL('../../../test-artifacts/portal/', import.meta.url).pathname;

export type Browser = {
  context: BrowserContext;
  page: Page;
  shot(name: string): Promise<void>;
  close(): Promise<void>;
};

/** The sizes `shot` keeps with `sizes: 'both'`: a phone first (where the page is read), then a laptop. */
const BOTH_SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * A fresh headless Chromium with its own profile; `origin` may read and write the clipboard. `sizes: 'both'`: each
 * shot is taken at 390×844 and 1280×800, named with the size.
 */
export async function openBrowser(origin: string, label: string, options: { sizes?: 'both' } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'fe-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 390, height: 844 }, // a phone: the portal must read well there
    locale: 'es-CO',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = context.pages()[0] ?? (await context.newPage());
  // A script a typed value managed to run would open a dialog: fail loudly instead of dismissing it.
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  let n = 0;
  const shotAt = async (name: string) => {
    const base = `${label}-${String(++n).padStart(2, '0')}-${name}`;
    if (options.sizes !== 'both')
      return void (await page.screenshot({ path: join(ARTIFACTS, `${base}.png`), fullPage: true }));
    for (const size of BOTH_SIZES) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(ARTIFACTS, `${base}-${size.width}x${size.height}.png`), fullPage: true });
    }
    await page.setViewportSize(BOTH_SIZES[0]!);
  };
  return {
    context,
    page,
    shot: shotAt,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The link of the newest mail to `to` in the embedded outbox (the SMTP path of the default shape). */
export function linkInOutbox(dataDir: string, to: string, path: string): string {
  const mails = outboxMailsTo(join(dataDir, 'outbox'), to).map((mail) => mail.text);
  const link = mails.at(-1)?.match(new RegExp(`https?://\\S+/admin/${path}\\?token=[A-Za-z0-9_-]+`))?.[0];
  if (!link) throw new Error(`no ${path} link mailed to ${to}`);
  return link;
}

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/**
 * axe-core's violations on the page as it stands, at 1280×800 and at 390×844, as lines to compare with []. The page's
 * Content-Security-Policy forbids injected script tags, so axe is evaluated through the debugging protocol.
 */
export async function accessibilityViolations(page: Page, state: string): Promise<string[]> {
  const found: string[] = [];
  const size = page.viewportSize();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    if ((await page.evaluate('typeof window.axe')) === 'undefined') await page.evaluate(axe.source);
    const result = (await page.evaluate('window.axe.run(document)')) as {
      violations: AxeViolation[];
      passes: unknown[];
    };
    if (result.passes.length === 0) throw new Error(`axe checked nothing on ${state}`);
    const violations = result.violations;
    for (const v of violations)
      found.push(
        `${state} ${viewport.width}px: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
  }
  if (size) await page.setViewportSize(size);
  return found;
}
