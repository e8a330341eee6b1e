// Inactivity logout (seed 000 §4: no mouse, key, scroll or touch activity for the timeout), shortened
// to 3 s with the test hook of web/README.md, in fr and en.
import { expect } from '@playwright/test';
import { DEMO, shot, signIn, storedSession, test, type Lang } from '../support/app.js';

const TIMEOUT_MS = 3_000;

const TEXT = {
  fr: { message: "Vous avez été déconnecté après une heure d'inactivité.", loginTitle: 'Connexion' },
  en: { message: 'You were logged out after one hour of inactivity.', loginTitle: 'Sign in' },
} as const;

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test.describe(`inactivity logout (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      // Read when the signed-in area mounts: set before any page of the app runs.
      await page.addInitScript((ms) => localStorage.setItem('inactivityMs', String(ms)), TIMEOUT_MS);
    });

    test(`an idle session ends and the login screen says why (${lang})`, async ({ page, request }) => {
      await signIn(page, lang, DEMO.seller);
      await expect(page.getByTestId('home-title')).toBeVisible();
      const token = (JSON.parse((await storedSession(page)).conUser ?? '{}') as { accessToken?: string }).accessToken;
      expect(token).toBeTruthy();
      // When the idle clock started: the app stamps it as the signed-in area mounts.
      const startedAt = Number(await page.evaluate(() => localStorage.getItem('lastActivity')));
      expect(startedAt).toBeGreaterThan(0);

      // Idle: still signed in 1 s before the timeout...
      await page.waitForTimeout(Math.max(0, startedAt + TIMEOUT_MS - 1_000 - Date.now()));
      expect(page.url()).toMatch(new RegExp(`/${lang}/app/accueil$`));
      // ...then the login screen.
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`), { timeout: TIMEOUT_MS + 7_000 });
      await expect(page.getByRole('heading', { level: 1, name: t.loginTitle })).toBeVisible();
      await expect(page.getByTestId('logout-reason')).toHaveText(t.message);
      expect(await storedSession(page)).toEqual({ user: null, conUser: null, boutiqueId: null });
      await shot(page, `${lang}-inactivity-logged-out`);

      // The server session is ended too: the old token is refused.
      await expect
        .poll(async () => (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status())
        .toBe(401);

      // Going back into the app needs a new sign-in.
      await page.goto(`/${lang}/app/accueil`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
    });

    test(`activity keeps the session alive past the timeout (${lang})`, async ({ page }) => {
      await signIn(page, lang, DEMO.seller);
      await expect(page.getByTestId('home-title')).toBeVisible();
      const start = Date.now();

      // Mouse moves every 500 ms for twice the timeout: still signed in.
      let step = 0;
      while (Date.now() - start < TIMEOUT_MS * 2) {
        step += 1;
        await page.mouse.move(200 + (step % 2) * 40, 300 + (step % 3) * 20);
        await page.waitForTimeout(500);
        await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));
      }
      await expect(page.getByTestId('home-title')).toBeVisible();
      expect((await storedSession(page)).conUser).not.toBeNull();

      // Keys count as activity too.
      const keysFrom = Date.now();
      while (Date.now() - keysFrom < TIMEOUT_MS * 1.5) {
        await page.keyboard.press('Shift');
        await page.waitForTimeout(500);
      }
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));

      // Then idle: logged out.
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`), { timeout: TIMEOUT_MS + 7_000 });
      await expect(page.getByTestId('logout-reason')).toHaveText(t.message);
    });
  });
}
