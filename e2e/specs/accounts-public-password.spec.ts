// Forgot password and the mailed reset link (seed 000 §2 Forgot password, §8; DECISIONS §3), in fr and en.
import { expect, type Page } from '@playwright/test';
import { createDirector, latestMail, shot, signIn, snackbar, test, type Lang } from '../support/app.js';

const TEXT = {
  fr: {
    title: 'Mot de passe oublié',
    email: 'E-mail',
    sent: 'Consultez votre e-mail pour changer le mot de passe',
    unknown: "Votre e-mail n'existe pas",
    emailRequired: "L'adresse e-mail est obligatoire.",
    resetTitle: 'Choisir un nouveau mot de passe',
    password: 'Nouveau mot de passe',
    confirmation: 'Confirmer le mot de passe',
    mismatch: 'Les deux mots de passe doivent être identiques.',
    changed: 'Votre mot de passe a été changé',
    invalid: "Ce lien de réinitialisation n'est plus valide",
    missing: 'Ce lien est incomplet',
  },
  en: {
    title: 'Forgot password',
    email: 'E-mail',
    sent: 'Check your email to change the password',
    unknown: 'Your email does not exist',
    emailRequired: 'The e-mail address is required.',
    resetTitle: 'Choose a new password',
    password: 'New password',
    confirmation: 'Confirm the password',
    mismatch: 'The two passwords must be identical.',
    changed: 'Your password has been changed',
    invalid: 'This reset link is no longer valid',
    missing: 'This link is incomplete',
  },
} as const;

/**
 * The reset link of the newest mail to `email`. The .eml body may be quoted-printable: soft line
 * breaks (`=` at the end of a line) are removed and `=3D` is `=` again before reading the URL.
 */
function resetLink(email: string, lang: Lang): string {
  const body = latestMail(email)
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=');
  const match = body.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/);
  if (!match) throw new Error(`no reset link in the mail to ${email}`);
  expect(match[0]).toContain(`/${lang}/reset-password?token=`);
  return match[0];
}

async function askForLink(page: Page, lang: Lang, email: string) {
  await page.goto(`/${lang}/ForgetPass`);
  await page.getByRole('textbox', { name: TEXT[lang].email, exact: true }).fill(email);
  await page.getByTestId('forgot-submit').click();
}

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test(`a user resets a forgotten password through the mailed link (${lang})`, async ({ page, request }) => {
    const director = await createDirector(request, 'pwd');

    await page.goto(`/${lang}/ForgetPass`);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('header-login')).toHaveCount(0);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-form').getByText(t.emailRequired)).toBeVisible();
    await shot(page, `forgot-${lang}`);

    // An unknown address says so (seed 000 §8).
    await askForLink(page, lang, `nobody-${Date.now()}@e2e.boutiko.test`);
    await expect(snackbar(page, t.unknown)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/ForgetPass$`));

    await askForLink(page, lang, director.email);
    await expect(snackbar(page, t.sent)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));

    const link = resetLink(director.email, lang);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: t.resetTitle })).toBeVisible();
    const newPassword = 'Nouveau2026';
    await page.getByRole('textbox', { name: t.password, exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: t.confirmation, exact: true }).fill('Nouveau2025');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-form').getByText(t.mismatch, { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: t.confirmation, exact: true }).fill(newPassword);
    await shot(page, `reset-${lang}`);
    await page.getByTestId('reset-submit').click();
    await expect(snackbar(page, t.changed)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));

    await signIn(page, lang, director.username, newPassword);

    // The link serves once: opened again, it says so and offers a new one.
    await page.goto(link);
    await page.getByRole('textbox', { name: t.password, exact: true }).fill('Encore2026x');
    await page.getByRole('textbox', { name: t.confirmation, exact: true }).fill('Encore2026x');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-invalid')).toContainText(t.invalid);
    await shot(page, `reset-invalid-${lang}`);
    await page.getByTestId('reset-ask-again').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/ForgetPass$`));
  });

  test(`a reset link without its token says so (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/reset-password`);
    await expect(page.getByTestId('reset-invalid')).toContainText(t.missing);
  });
}
