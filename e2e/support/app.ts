import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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
/**
 * Screenshots are for the people who look at them (e2e/screenshots): `E2E_SCREENSHOTS=0` (the CI
 * gate, where nobody does) skips taking them, about a sixth of the journeys' time on 2 cores.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** Screenshots of the current screen at 1280 px and 375 px wide, kept as test output. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(150);
    await transitionsDone(page);
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

// ---------------------------------------------------------------------------------------------
// Foundation journeys (login, shops, seller, inactivity, profile): additions.

/**
 * The journeys' `test`. Every journey signs in from 127.0.0.1 and the server ignores
 * X-Forwarded-For (TRUST_PROXY off), so the e2e server raises SIGNIN_RATE_LIMIT instead
 * (scripts/e2e-server.mjs); the per-address limit itself is proven by the API tests.
 */
export const test = base;

let uniqueCounter = 0;
/** A name no other test of any run uses: `prefix` + 10 letters/digits (keep prefix ≤ 10 for usernames). */
export function uniqueName(prefix: string): string {
  uniqueCounter += 1;
  const random = Math.random().toString(36).slice(2, 4).padEnd(2, '0');
  return `${prefix}${unique()}${uniqueCounter.toString(36).padStart(2, '0')}${random}`;
}

/** The snackbar (Mantine notification) showing `text`. */
export function snackbar(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** The screenshot of the current screen at one width only (e.g. the mobile drawer at 375 px). */
export async function shotAt(page: Page, name: string, width: 375 | 1280): Promise<void> {
  expect(page.viewportSize()?.width).toBe(width);
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(150);
  await transitionsDone(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
}

export type TestDirector = {
  username: string;
  password: string;
  nom: string;
  prenom: string;
  email: string;
  idUser: number;
  /** The account's first shop, created with it. */
  idBoutique: number;
  shopName: string;
};

/**
 * A director of its own account, created active by the platform admin (POST /api/users_directeur):
 * one shop and a roomy Personaliser line (20 shops, 50 depots, 100 users, a year). For journeys
 * that change shops or the profile without touching the demo account other specs rely on.
 */
export async function createDirector(request: APIRequestContext, prefix = 'dir'): Promise<TestDirector> {
  const adminToken = await apiToken(request, ADMIN.username, ADMIN.password);
  const username = uniqueName(prefix);
  const body = {
    username,
    nom: 'Yao',
    prenom: 'Aminata',
    email: `${username}@e2e.boutiko.test`,
    nomBoutque: `Boutique ${username}`,
    adresse: 'Rue 12, Treichville, Abidjan',
    tel: '21345678',
    password: DEMO_PASSWORD,
    ligne: { abonnement: 4, annees: 1, boutiques: 20, depots: 50, users: 100, prixFcfa: 0 },
  };
  const response = await request.post('/api/users_directeur', { headers: { Authorization: `Bearer ${adminToken}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  const row = (await response.json()) as { idUser: number; idBoutique: number | null };
  expect(row.idBoutique).not.toBeNull();
  return {
    username,
    password: DEMO_PASSWORD,
    nom: body.nom,
    prenom: body.prenom,
    email: body.email,
    idUser: row.idUser,
    idBoutique: row.idBoutique as number,
    shopName: body.nomBoutque,
  };
}

/** What the screen shows, as it is (a full-page picture would stretch a phone's fixed bar and panels), kept as `name`.png. */
export async function screenOnly(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Waits (at most 2 s) until no finite CSS transition or animation runs: after a resize the app
 * shell's drawer slides (200 ms) and a screenshot taken during the slide shows it half open.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/**
 * How many lines `text` takes inside `locator` as laid out now (the tops of its boxes), 0 when it
 * is not there. Non-breaking hyphens (U+2011) read as hyphens: a number shows « FAC‑2026‑1 ».
 */
export async function linesTaken(locator: Locator, text: string): Promise<number> {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = (node.textContent ?? '').replace(/\u2011/g, '-').indexOf(wanted);
      if (start < 0) continue;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + wanted.length);
      return new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top))).size;
    }
    return 0;
  }, text);
}

/** The stored session keys of the web app (web/README.md, Browser storage). */
export async function storedSession(
  page: Page,
): Promise<{ user: string | null; conUser: string | null; boutiqueId: string | null }> {
  return page.evaluate(() => ({
    user: localStorage.getItem('user'),
    conUser: localStorage.getItem('conUser'),
    boutiqueId: localStorage.getItem('boutiqueId'),
  }));
}

// ---------------------------------------------------------------------------------------------
// Accounts journeys (admin activation, plan limits, directors): additions.

/** A small valid PNG (a green receipt-like card), built in memory: the proof of a registration. */
export function proofPng(width = 480, height = 300): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) {
      const band = y < height / 4;
      const line = !band && y % 24 === 0 && x > 24 && x < width - 24;
      rows.push(...(band ? [15, 147, 82] : line ? [170, 180, 175] : [250, 250, 246]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type PendingDirector = {
  username: string;
  password: string;
  nom: string;
  prenom: string;
  shopName: string;
  idUser: number;
  idBoutique: number;
  idLigne: number;
};

/**
 * A director registered through the public multipart call (POST /api/auth/users/abonnement)
 * with a proof image: inactive, one shop and a pending subscription line (Bronze by default).
 */
export async function registerPendingDirector(
  request: APIRequestContext,
  options: { prefix?: string; plan?: 2 | 3; jours?: 365 | 730 | 1095 } = {},
): Promise<PendingDirector> {
  const username = uniqueName(options.prefix ?? 'reg');
  const digits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const fields = {
    username,
    nom: 'Bamba',
    prenom: 'Mariam',
    email: `${username}@e2e.boutiko.test`,
    adresse: 'Boulevard Lagunaire, Abidjan',
    nomBoutque: `Boutique ${username}`,
    telephone: `07${digits()}`,
    tel: digits(),
    password: 'Bronze123',
    confirmation: 'Bronze123',
    abonnement: String(options.plan ?? 2),
    jours: String(options.jours ?? 365),
  };
  const response = await request.post('/api/auth/users/abonnement', {
    multipart: { ...fields, preuve: { name: 'preuve.png', mimeType: 'image/png', buffer: proofPng() } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()) as { idUser: number; idBoutique: number; idLigne: number; status: string };
  expect(created.status).toBe('pending');
  return {
    username,
    password: fields.password,
    nom: fields.nom,
    prenom: fields.prenom,
    shopName: fields.nomBoutque,
    idUser: created.idUser,
    idBoutique: created.idBoutique,
    idLigne: created.idLigne,
  };
}

/** The admin's Activer call (GET /api/users/active/{idUser}/{idLigne}) straight through the API. */
export async function activateThroughApi(request: APIRequestContext, director: PendingDirector): Promise<void> {
  const adminToken = await apiToken(request, ADMIN.username, ADMIN.password);
  const response = await request.get(`/api/users/active/${director.idUser}/${director.idLigne}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}
