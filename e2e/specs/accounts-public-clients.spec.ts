// Public client self-registration (seed 000 §2, §5; DECISIONS §9), in fr and en. The demo routes
// s2asport to Boutique Plateau and win to Boutique Cocody (README, Demo accounts).
import { expect, type Page } from '@playwright/test';
import { shot, snackbar, test, uniqueName, type Lang } from '../support/app.js';

const TEXT = {
  fr: {
    nom: 'Nom',
    prenom: 'Prénom',
    email: 'E-mail',
    telephone: 'Téléphone',
    adresse: 'Adresse',
    title: 'Inscription client',
    success: 'Votre inscription a bien été enregistrée. Merci !',
    existsEmail: 'Cet e-mail existe déjà.',
    existsPhone: 'Ce numéro de téléphone existe déjà.',
    senegal: 'Sénégal',
  },
  en: {
    nom: 'Last name',
    prenom: 'First name',
    email: 'E-mail',
    telephone: 'Phone',
    adresse: 'Address',
    title: 'Customer registration',
    success: 'Your registration has been recorded. Thank you!',
    existsEmail: 'This e-mail already exists.',
    existsPhone: 'This phone number already exists.',
    senegal: 'Senegal',
  },
} as const;

/** A mobile number of Côte d'Ivoire nobody registered: 07 and 8 digits. */
function ivorianMobile(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return `07 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`;
}

async function fillClient(page: Page, lang: Lang, client: { email: string; telephone: string }) {
  const t = TEXT[lang];
  await page.getByRole('textbox', { name: t.nom, exact: true }).fill('Coulibaly');
  await page.getByRole('textbox', { name: t.prenom, exact: true }).fill('Ibrahim');
  await page.getByRole('textbox', { name: t.email, exact: true }).fill(client.email);
  await page.getByRole('textbox', { name: t.telephone, exact: true }).fill(client.telephone);
  await page.getByRole('textbox', { name: t.adresse, exact: true }).fill('Yopougon, Abidjan');
}

const CHANNELS = [
  { lang: 'fr', channel: 's2asport', path: 'registers2asport', shop: 'Boutique Plateau' },
  { lang: 'en', channel: 'win', path: 'registerwin', shop: 'Boutique Cocody' },
] as const;

for (const { lang, path, shop } of CHANNELS) {
  const t = TEXT[lang];

  test(`a client registers on ${path}; the same e-mail again is flagged and blocked (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    // The page is the shop's: its name in the header and the title, not the product's sales header.
    await expect(page.getByTestId('channel-shop-name')).toHaveText(shop);
    await expect(page.getByTestId('client-register-form')).toContainText(shop);
    await expect(page).toHaveTitle(new RegExp(shop));
    await expect(page.getByTestId('header-login')).toHaveCount(0);
    // Côte d'Ivoire by default, its prefix before the number.
    await expect(page.getByTestId('client-dial-prefix')).toHaveText('+225');
    await expect(page.getByTestId('client-submit')).toBeDisabled();

    const email = `${uniqueName('cli')}@e2e.boutiko.test`;
    const telephone = ivorianMobile();
    await fillClient(page, lang, { email, telephone });
    await expect(page.getByTestId('client-submit')).toBeEnabled();
    await shot(page, `client-${path}-${lang}`);
    await page.getByTestId('client-submit').click();
    await expect(snackbar(page, t.success)).toBeVisible();
    await expect(page.getByTestId('client-success')).toHaveText(t.success);
    await expect(page.getByRole('textbox', { name: t.email, exact: true })).toHaveValue('');
    await shot(page, `client-${path}-success-${lang}`);

    // The same e-mail and phone a second time: both flagged, submit stays disabled (seed 000 §5).
    await fillClient(page, lang, { email, telephone });
    await expect(page.getByTestId('client-exists-email')).toHaveText(t.existsEmail);
    await expect(page.getByTestId('client-exists-telephone')).toHaveText(t.existsPhone);
    await expect(page.getByTestId('client-submit')).toBeDisabled();
    await shot(page, `client-${path}-exists-${lang}`);

    // Another e-mail and phone: free again.
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(`${uniqueName('cli')}@e2e.boutiko.test`);
    await page.getByRole('textbox', { name: t.telephone, exact: true }).fill(ivorianMobile());
    await expect(page.getByTestId('client-exists-email')).toHaveCount(0);
    await expect(page.getByTestId('client-exists-telephone')).toHaveCount(0);
    await expect(page.getByTestId('client-submit')).toBeEnabled();
  });

  test(`the country list is searchable and sets the dial prefix (${lang}, ${path})`, async ({ page }) => {
    await page.goto(`/${lang}/${path}`);
    const country = page.getByTestId('client-country');
    await country.click();
    await country.fill(t.senegal.slice(0, 4));
    await page.getByRole('option', { name: t.senegal }).click();
    await expect(country).toHaveValue(t.senegal);
    await expect(page.getByTestId('client-dial-prefix')).toHaveText('+221');
    await shot(page, `client-${path}-country-${lang}`);
  });
}
