import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Demo accounts loaded by scripts/e2e-server.mjs (README, Demo accounts). */
export const DEMO_PASSWORD = 'Demo1234';
export const ADMIN = { username: 'admin', password: 'Admin1234' };
export const DEMO = {
  director: 'directeur',
  manager: 'gerant',
  seller: 'vendeur',
  cashier: 'caissier',
  warehouse: 'magasinier',
} as const;

export type Lang = 'fr' | 'en';

/** Where the e2e server keeps its data (mail outbox included). */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.data');
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Screenshots of the current screen at 1280 px and 375 px wide, kept as test output. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** Signs in through the login screen; picks `shopName` when the shop-choice dialog shows. */
export async function signIn(page: Page, lang: Lang, username: string, password = DEMO_PASSWORD, shopName?: string) {
  await page.goto(`/${lang}/login`);
  await page.getByLabel(lang === 'fr' ? "Nom d'utilisateur" : 'Username', { exact: true }).fill(username);
  await page.getByLabel(lang === 'fr' ? 'Mot de passe' : 'Password', { exact: true }).fill(password);
  await page.keyboard.press('Enter');
  if (shopName) {
    const dialog = page.getByTestId('shop-choice-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByText(shopName, { exact: true }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil`));
}

/** A bearer token straight from the API, to check what the server itself refuses. */
export async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/signin', { data: { username, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The newest mail in the server's outbox (no SMTP_URL in the e2e server) containing `text`. */
export function latestMail(text: string): string {
  const outbox = path.join(DATA_DIR, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => path.join(outbox, f)) : [];
  const mails = files
    .map((file) => ({ file, time: fs.statSync(file).mtimeMs, body: fs.readFileSync(file, 'utf8') }))
    .filter((m) => m.body.includes(text))
    .sort((a, b) => b.time - a.time);
  if (!mails[0]) throw new Error(`no mail containing ${text} in ${outbox}`);
  return mails[0].body;
}

/** A unique suffix for names created by a test run. */
export const unique = () => Date.now().toString(36).slice(-6);
