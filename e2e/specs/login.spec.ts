// Public pages and the login screen (seed 000 §2 Login screen, §8 login failure, §9 plans), in fr and en.
import { expect } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, shot, snackbar, test, type Lang } from '../support/app.js';

const TEXT = {
  fr: {
    heroTitle: 'Vos boutiques, votre stock et votre caisse, au même endroit',
    plans: ['Bronze', 'Argent', 'Personnalisé'],
    onRequest: 'Sur devis',
    perYear: 'par an',
    bronzeItems: ['1 boutique', '1 dépôt', '4 utilisateurs'],
    argentItems: ['2 boutiques', '4 dépôts', '10 utilisateurs'],
    loginTitle: 'Connexion',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    showHide: 'Afficher ou masquer',
    submit: 'Se connecter',
    forgot: 'Mot de passe oublié\u00a0?',
    register: 'Créer un compte',
    wrong: "Votre nom d'utilisateur ou votre mot de passe est incorrect, veuillez réessayer",
    required: 'Ce champ est obligatoire.',
    home: 'Bienvenue, Fatou Diallo',
  },
  en: {
    heroTitle: 'Your shops, your stock and your cash desk, in one place',
    plans: ['Bronze', 'Argent', 'Custom'],
    onRequest: 'On request',
    perYear: 'per year',
    bronzeItems: ['1 shop', '1 depot', '4 users'],
    argentItems: ['2 shops', '4 depots', '10 users'],
    loginTitle: 'Sign in',
    username: 'Username',
    password: 'Password',
    showHide: 'Show or hide',
    submit: 'Sign in',
    forgot: 'Forgot your password?',
    register: 'Create an account',
    wrong: 'Your username or password is incorrect, please try again',
    required: 'This field is required.',
    home: 'Welcome, Fatou Diallo',
  },
} as const;

/** `15 000 FCFA` with any space (U+0020, U+00A0, U+202F: all matched by \s) as separators. */
const amount = (thousands: number) => new RegExp(`^${thousands}\\s000\\sFCFA$`);

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test.describe(`public pages and login (${lang})`, () => {
    test(`landing page shows the product, the three plans and their prices (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: t.heroTitle })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);

      await expect(page.getByTestId('plan-bronze').getByRole('heading', { name: t.plans[0] })).toBeVisible();
      await expect(page.getByTestId('plan-argent').getByRole('heading', { name: t.plans[1] })).toBeVisible();
      await expect(page.getByTestId('plan-custom').getByRole('heading', { name: t.plans[2] })).toBeVisible();
      await expect(page.getByTestId('plan-price-bronze').getByText(amount(15))).toBeVisible();
      await expect(page.getByTestId('plan-price-argent').getByText(amount(60))).toBeVisible();
      await expect(page.getByTestId('plan-price-bronze')).toContainText(t.perYear);
      await expect(page.getByTestId('plan-price-custom')).toHaveText(t.onRequest);
      await expect(page.getByTestId('plan-bronze').getByRole('listitem')).toHaveText([...t.bronzeItems]);
      await expect(page.getByTestId('plan-argent').getByRole('listitem')).toHaveText([...t.argentItems]);
      await shot(page, `${lang}-landing`);

      // Nothing sticks out sideways on a phone (375 px): header, hero and plans fit.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByTestId('header-login')).toBeInViewport({ ratio: 1 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByTestId('hero-login').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
      await expect(page.getByRole('heading', { level: 1, name: t.loginTitle })).toBeVisible();
    });

    test(`login screen: wrong password, cleared fields, show/hide, links, Enter submits (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/login`);
      const username = page.getByLabel(t.username, { exact: true });
      const password = page.getByLabel(t.password, { exact: true });
      await expect(page.getByRole('heading', { level: 1, name: t.loginTitle })).toBeVisible();
      // No top menu on the login screen (seed 000 §2): no features/plans navigation.
      await expect(page.getByTestId('header-login')).toHaveCount(0);

      // Links to forgot-password and register.
      await expect(page.getByRole('link', { name: t.forgot })).toHaveAttribute('href', `/${lang}/ForgetPass`);
      await expect(page.getByRole('link', { name: t.register })).toHaveAttribute('href', `/${lang}/register`);

      // Empty submit: the form's own errors, no call.
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.required)).toHaveCount(2);

      // Show/hide toggles the password input's type.
      await password.fill('secret');
      await expect(password).toHaveAttribute('type', 'password');
      const toggle = page.getByRole('button', { name: t.showHide });
      await expect(toggle).toHaveAttribute('data-testid', 'toggle-password');
      await toggle.click();
      await expect(password).toHaveAttribute('type', 'text');
      await toggle.click();
      await expect(password).toHaveAttribute('type', 'password');

      // Wrong password: the seed's message in a snackbar, both fields cleared.
      await username.fill(DEMO.seller);
      await password.fill('Wrong1234');
      await password.press('Enter');
      await expect(snackbar(page, t.wrong)).toBeVisible();
      await expect(username).toHaveValue('');
      await expect(password).toHaveValue('');
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
      await shot(page, `${lang}-login-error`);
      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Enter in the password field submits the form.
      await username.fill(DEMO.seller);
      await password.fill(DEMO_PASSWORD);
      await password.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));
      await expect(page.getByTestId('home-title')).toHaveText(t.home);
    });

    test(`the links of the login screen open their screens (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/login`);
      await page.getByRole('link', { name: t.register }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/register$`));
      await page.goto(`/${lang}/login`);
      await page.getByRole('link', { name: t.forgot }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/ForgetPass$`));
    });

    test(`a first visit asks for its screen's code and catalogue beside the app's own, in its language (${lang})`, async ({ page }) => {
      // The files the address's screen needs are asked for at once (web/vite.config.ts routePreload),
      // not once the app has run: the sign-in form on 3G (issue 20, Speed).
      const preloaded = () => page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'), (link) => link.href));
      const texts = (hrefs: string[]) => page.evaluate(async (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).text())), hrefs);

      await page.goto(`/${lang}/login`);
      await expect(page.getByLabel(t.username, { exact: true })).toBeVisible();
      const forLogin = await preloaded();
      expect(forLogin.some((href) => /\/assets\/login-page-[\w-]+\.js$/.test(href))).toBe(true);
      expect(forLogin.some((href) => /\/assets\/landing-page-/.test(href))).toBe(false);
      // The sign-in catalogue of this language is among them, not the other language's.
      // The bundler writes a no-break space (French, before « ? ») as the escape \xA0.
      const catalogueText = (await texts(forLogin)).join('\n').replace(/\\xA0/g, '\u00a0');
      expect(catalogueText.includes(JSON.stringify(t.forgot).slice(1, -1)), 'the catalogue of this language').toBe(true);
      expect(catalogueText.includes(JSON.stringify(TEXT[lang === 'fr' ? 'en' : 'fr'].forgot).slice(1, -1)), 'the other language').toBe(false);

      await page.goto(`/${lang}`);
      await expect(page.getByText(t.heroTitle)).toBeVisible();
      const forLanding = await preloaded();
      expect(forLanding.some((href) => /\/assets\/landing-page-[\w-]+\.js$/.test(href))).toBe(true);
      expect(forLanding.some((href) => /\/assets\/login-page-/.test(href))).toBe(false);
    });
  });
}

test.describe('language switcher and language in the URL', () => {
  test('the switcher changes the URL and the texts, both ways', async ({ page }) => {
    await page.goto('/fr/login');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.loginTitle })).toBeVisible();
    await expect(page.getByTestId('lang-fr')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('lang-en').click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.en.loginTitle })).toBeVisible();
    await expect(page.getByLabel(TEXT.en.username, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT.en.submit })).toBeVisible();
    await expect(page.getByText(TEXT.fr.forgot)).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('lang-fr').click();
    await expect(page).toHaveURL(/\/fr\/login$/);
    await expect(page.getByLabel(TEXT.fr.username, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXT.en.forgot)).toHaveCount(0);

    // On the landing page too.
    await page.goto('/fr');
    await page.getByTestId('lang-en').click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.en.heroTitle })).toBeVisible();
  });

  test('a path with an unknown language falls back to fr', async ({ page }) => {
    await page.goto('/de/login');
    await expect(page).toHaveURL(/\/fr\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.loginTitle })).toBeVisible();
  });

  test.describe('browser in French', () => {
    test.use({ locale: 'fr-FR' });
    test('/ redirects to /fr, a path without language gets fr in front', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/fr$/);
      await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.heroTitle })).toBeVisible();
      await page.goto('/login');
      await expect(page).toHaveURL(/\/fr\/login$/);
    });
  });

  test.describe('browser in English', () => {
    test.use({ locale: 'en-US' });
    test('/ redirects to /en; the last language chosen wins over the browser', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/en$/);
      await expect(page.getByRole('heading', { level: 1, name: TEXT.en.heroTitle })).toBeVisible();

      // Choosing French is remembered: / now goes to /fr although the browser says en.
      await page.getByTestId('lang-fr').click();
      await expect(page).toHaveURL(/\/fr$/);
      await page.goto('/');
      await expect(page).toHaveURL(/\/fr$/);
      await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.heroTitle })).toBeVisible();
    });
  });
});
