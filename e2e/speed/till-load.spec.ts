// Load figures of the web on a 3G link (issue 20, Speed), at 375 px with phone emulation, the
// link emulated through CDP's Network.emulateNetworkConditions (300 ms round trip, 750 kbit/s each
// way): a first visit to the login form, and the installed app (service worker, one visit done)
// opening the till online on that link and offline. Each figure is the median of RUNS tries;
// budgets are reported, not enforced (a shared machine is too noisy to gate on).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, signIn, test } from '../support/app.js';

const RESULTS = path.resolve(import.meta.dirname, '../../bench/results');
const RUNS = Number(process.env.SPEED_RUNS ?? 3);
const LINK = { offline: false, latency: 300, downloadThroughput: 750_000 / 8, uploadThroughput: 750_000 / 8 };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

test.use({ ...PHONE, serviceWorkers: 'allow' });

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('3G link, 375 px: first visit to the login form; installed app opening the till online and offline', async ({ browser }) => {
  test.setTimeout(600_000);
  const figures: Record<string, number[]> = { login: [], tillFast: [], tillOnline: [], tillOffline: [] };

  for (let run = 0; run < RUNS; run++) {
    // A first visit: a new browser profile, nothing cached, no service worker yet.
    const fresh = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await fresh.newPage();
    await throttle(fresh, page);
    const start = Date.now();
    await page.goto('/fr/login', { waitUntil: 'commit' });
    await expect(page.getByLabel("Nom d'utilisateur", { exact: true })).toBeVisible({ timeout: 60_000 });
    figures.login!.push(Date.now() - start);
    await fresh.close();
  }

  // The installed app: one visit (sign-in, the till) on a normal link; the service worker has the app.
  const installed = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  const first = await installed.newPage();
  await signIn(first, 'fr', DEMO.cashier);
  await first.goto('/fr/app/vente');
  await expect(first.getByTestId('till-grid')).toBeVisible();
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await first.close();

  for (const mode of ['tillFast', 'tillOnline', 'tillOffline'] as const) {
    for (let run = 0; run < RUNS; run++) {
      await installed.setOffline(mode === 'tillOffline');
      const page = await installed.newPage();
      if (mode === 'tillOnline') await throttle(installed, page);
      const start = Date.now();
      await page.goto('/fr/app/vente', { waitUntil: 'commit' });
      await expect(page.getByTestId('till-grid')).toBeVisible({ timeout: 60_000 });
      figures[mode]!.push(Date.now() - start);
      await page.close();
    }
  }
  await installed.close();

  const result = [
    { figure: 'first visit, login form shown', ms: median(figures.login!), budgetMs: 3_000, runs: figures.login },
    { figure: 'installed app, till shown, online, no link emulated (the machine itself)', ms: median(figures.tillFast!), budgetMs: 1_500, runs: figures.tillFast },
    { figure: 'installed app, till shown, online on 3G', ms: median(figures.tillOnline!), budgetMs: 1_500, runs: figures.tillOnline },
    { figure: 'installed app, till shown, offline', ms: median(figures.tillOffline!), budgetMs: 1_500, runs: figures.tillOffline },
  ].map((r) => ({ ...r, met: r.ms <= r.budgetMs }));
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, 'web-3g.json'), `${JSON.stringify({ at: new Date().toISOString(), link: LINK, result }, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
});
