import { expect } from '@playwright/test';
import { ADMIN, apiToken, shot, signIn, snackbar, test, uniqueName } from '../support/app.js';

/** Journey (c): the platform admin creates, finds, edits and deletes a director. */

const TEXT = {
  fr: {
    customPlan: 'Personnalisé',
    username: "Nom d'utilisateur",
    nom: 'Nom',
    prenom: 'Prénom',
    email: 'E-mail',
    nomBoutque: 'Nom de la boutique',
    adresse: 'Adresse de la boutique',
    tel: 'Téléphone de la boutique',
    password: 'Mot de passe',
    usernameRequired: "Le nom d'utilisateur est obligatoire.",
    required: 'Ce champ est obligatoire.',
    created: 'Le nouvel utilisateur a bien été ajouté.',
    updated: "La modification de l'utilisateur a bien été prise en compte.",
    deleted: 'Le directeur a bien été supprimé.',
    yes: 'Oui',
    twoYears: '2 ans',
    planEnds: "Fin de l'abonnement",
  },
  en: {
    customPlan: 'Custom',
    username: 'Username',
    nom: 'Last name',
    prenom: 'First name',
    email: 'E-mail',
    nomBoutque: 'Shop name',
    adresse: 'Shop address',
    tel: 'Shop phone',
    password: 'Password',
    usernameRequired: 'The username is required.',
    required: 'This field is required.',
    created: 'The new user has been added.',
    updated: "The user's changes have been saved.",
    deleted: 'The director has been deleted.',
    yes: 'Yes',
    twoYears: '2 years',
    planEnds: 'Subscription ends on',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  test(`the admin creates, searches, edits and deletes a director (${lang})`, async ({ page, request }) => {
    const text = TEXT[lang];
    const username = uniqueName('dir');
    await signIn(page, lang, ADMIN.username, ADMIN.password);
    await page.getByTestId('menu-utilisateur-directeur').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/utilisateur-directeur$`));
    await expect(page.getByTestId('directors-table').getByTestId('table-row').first()).toBeVisible();
    await shot(page, `accounts-directors-${lang}`);

    // Every field is required on create.
    await page.getByTestId('new-director').click();
    const dialog = page.getByTestId('director-dialog');
    await dialog.getByTestId('dialog-submit').click();
    await expect(dialog.getByText(text.usernameRequired)).toBeVisible();
    await expect(dialog.getByText(text.required).first()).toBeVisible();
    await shot(page, `accounts-director-dialog-errors-${lang}`);

    await dialog.getByLabel(text.username, { exact: true }).fill(username);
    await dialog.getByLabel(text.nom, { exact: true }).fill('Ouattara');
    await dialog.getByLabel(text.prenom, { exact: true }).fill('Salif');
    await dialog.getByLabel(text.email, { exact: true }).fill(`${username}@e2e.boutiko.test`);
    await dialog.getByLabel(text.nomBoutque, { exact: true }).fill(`Quincaillerie ${username}`);
    await dialog.getByLabel(text.adresse, { exact: true }).fill('Marché de Treichville');
    await dialog.getByLabel(text.tel, { exact: true }).fill('21 24 56 78 99');
    await expect(dialog.getByLabel(text.tel, { exact: true })).toHaveValue('21245678');
    await dialog.getByLabel(text.password, { exact: true }).fill('Directeur1');
    // The subscription the director gets: Argent for 2 years, from today.
    await dialog.getByTestId('plan-select').click();
    await page.getByRole('option', { name: 'Argent' }).click();
    await dialog.getByTestId('years-control').getByText(text.twoYears).click();
    await expect(dialog).toContainText('120 000 FCFA');
    await shot(page, `accounts-director-dialog-${lang}`);
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.created)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Search finds it; the director created by the admin is active at once.
    await page.getByTestId('table-search').fill(username);
    const rows = page.getByTestId('directors-table').getByTestId('table-row').filter({ hasText: username });
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('directors-table').getByTestId('table-row')).toHaveCount(1);
    await expect(rows.first()).toContainText('Ouattara');
    await expect(rows.first().getByTestId('active-chip')).toHaveText(text.yes);
    // The created director may sign in with the admin's password, and has the Argent plan's limits.
    const usageOf = async () => {
      const token = await apiToken(request, username, 'Directeur1');
      return (await request.get('/api/abonnement/usage', { headers: { authorization: `Bearer ${token}` } })).json();
    };
    const usage = await usageOf();
    expect(usage).toMatchObject({ plan: { code: 3 }, expired: false, limits: { boutiques: 2, depots: 4, users: 10 } });
    // Two calendar years from now (731 days when they hold a 29 February).
    const twoYearsOn = new Date();
    twoYearsOn.setUTCFullYear(twoYearsOn.getUTCFullYear() + 2);
    expect(Math.abs(new Date(usage.endsAt).getTime() - twoYearsOn.getTime())).toBeLessThan(120_000);

    // Edit: a blank password keeps the current one.
    await rows.first().locator('[data-testid^="row-edit-"]').click();
    await expect(dialog.getByLabel(text.username, { exact: true })).toHaveValue(username);
    await expect(dialog.getByLabel(text.nomBoutque, { exact: true })).toHaveValue(`Quincaillerie ${username}`);
    await expect(dialog.getByLabel(text.password, { exact: true })).toHaveValue('');
    await dialog.getByLabel(text.nom, { exact: true }).fill('Ouattara-Koné');
    await expect(dialog.getByTestId('plan-select')).toHaveValue('Argent');
    await expect(dialog.getByTestId('director-plan-note')).toContainText(text.planEnds);
    // Personaliser needs its counts and its agreed price; then the line takes them.
    await dialog.getByTestId('plan-select').click();
    await page.getByRole('option', { name: text.customPlan }).click();
    await dialog.getByTestId('plan-users').fill('');
    await dialog.getByTestId('price-input').fill('');
    await dialog.getByTestId('dialog-submit').click();
    await expect(dialog.getByText(text.required).first()).toBeVisible();
    await dialog.getByTestId('plan-boutiques').fill('3');
    await dialog.getByTestId('plan-depots').fill('5');
    await dialog.getByTestId('plan-users').fill('12');
    await dialog.getByTestId('price-input').fill('200000');
    await shot(page, `accounts-director-edit-plan-${lang}`);
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.updated)).toBeVisible();
    expect(await usageOf()).toMatchObject({ plan: { code: 4 }, limits: { boutiques: 3, depots: 5, users: 12 } });
    await expect(rows.first()).toContainText('Ouattara-Koné');
    expect((await request.post('/api/auth/signin', { data: { username, password: 'Directeur1' } })).status()).toBe(200);

    // Delete, two steps.
    await rows.first().locator('[data-testid^="row-delete-"]').click();
    const confirm = page.getByTestId('confirm-delete-dialog');
    await expect(confirm).toContainText(username);
    await shot(page, `accounts-director-delete-${lang}`);
    await confirm.getByTestId('confirm-delete').click();
    await expect(snackbar(page, text.deleted)).toBeVisible();
    await expect(page.getByTestId('table-no-data')).toBeVisible();
    expect((await request.post('/api/auth/signin', { data: { username, password: 'Directeur1' } })).status()).toBe(401);
  });
}
