import { expect } from '@playwright/test';
import { ADMIN, apiToken, DEMO, shot, signIn, snackbar, test, uniqueName } from '../support/app.js';

/**
 * The other account screens: platform admins (list, create, edit), and the director's shop users
 * (add with two shops, edit roles and shops, set a password, remove from the shop in two steps).
 */

const TEXT = {
  fr: {
    username: "Nom d'utilisateur",
    nom: 'Nom',
    prenom: 'Prénom',
    email: 'E-mail',
    password: 'Mot de passe',
    you: 'Vous',
    created: 'Le nouvel utilisateur a bien été ajouté.',
    updated: "La modification de l'utilisateur a bien été prise en compte.",
    newPassword: 'Nouveau mot de passe',
    confirmation: 'Confirmer le mot de passe',
    mismatch: 'Les deux mots de passe ne correspondent pas, veuillez réessayer.',
    passwordSaved: 'Le mot de passe a bien été modifié.',
    removed: "L'utilisateur a bien été retiré de la boutique.",
    removeTitle: 'Retirer de la boutique',
    manager: 'Gérant',
    cashier: 'Caissier',
    plateau: 'Boutique Plateau',
    cocody: 'Boutique Cocody',
  },
  en: {
    username: 'Username',
    nom: 'Last name',
    prenom: 'First name',
    email: 'E-mail',
    password: 'Password',
    you: 'You',
    created: 'The new user has been added.',
    updated: "The user's changes have been saved.",
    newPassword: 'New password',
    confirmation: 'Confirm the password',
    mismatch: 'The two passwords do not match, please try again.',
    passwordSaved: 'The password has been changed.',
    removed: 'The user has been removed from the shop.',
    removeTitle: 'Remove from the shop',
    manager: 'Manager',
    cashier: 'Cashier',
    plateau: 'Boutique Plateau',
    cocody: 'Boutique Cocody',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  test(`the admin lists, creates and edits platform admins (${lang})`, async ({ page, request }) => {
    const text = TEXT[lang];
    await signIn(page, lang, ADMIN.username, ADMIN.password);
    await page.getByTestId('menu-utilisateur-admin').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/utilisateur-admin$`));
    const self = page.getByTestId('table-row').filter({ hasText: ADMIN.username }).first();
    await expect(self).toContainText(text.you);

    const username = uniqueName('adm');
    await page.getByTestId('new-admin').click();
    const dialog = page.getByTestId('admin-dialog');
    await dialog.getByLabel(text.username, { exact: true }).fill(username);
    await dialog.getByLabel(text.nom, { exact: true }).fill('Diabaté');
    await dialog.getByLabel(text.prenom, { exact: true }).fill('Nina');
    await dialog.getByLabel(text.email, { exact: true }).fill(`${username}@e2e.boutiko.test`);
    await dialog.getByLabel(text.password, { exact: true }).fill('Admin2026');
    await shot(page, `accounts-admin-dialog-${lang}`);
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.created)).toBeVisible();
    await page.getByTestId('table-search').fill(username);
    const row = page.getByTestId('table-row').filter({ hasText: username });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    await row.first().locator('[data-testid^="row-edit-"]').click();
    await expect(dialog.getByLabel(text.username, { exact: true })).toHaveValue(username);
    await dialog.getByLabel(text.prenom, { exact: true }).fill('Nina Awa');
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.updated)).toBeVisible();
    await expect(row.first()).toContainText('Nina Awa');
    await page.getByTestId('table-search').fill('');
    await expect(page.getByTestId('table-row').filter({ hasText: username })).toHaveCount(1);
    await shot(page, `accounts-admins-${lang}`);
    // The new admin signs in with the password chosen for them.
    expect((await request.post('/api/auth/signin', { data: { username, password: 'Admin2026' } })).status()).toBe(200);
  });

  test(`the director adds, edits, sets the password of and removes a shop user (${lang})`, async ({ page, request }) => {
    const text = TEXT[lang];
    await signIn(page, lang, DEMO.director, undefined, text.plateau);
    await page.getByTestId('menu-utilisateur-boutique').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/utilisateur-boutique$`));
    // The director cannot remove themselves: no such action on their own row.
    const selfRow = page.getByTestId('table-row').filter({ hasText: text.you });
    await expect(selfRow).toHaveCount(1);
    await expect(selfRow.locator('[data-testid^="row-remove-"]')).toHaveCount(0);

    // Add a manager to both shops.
    const username = uniqueName('usr');
    await page.getByTestId('new-user').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.getByLabel(text.username, { exact: true }).fill(username);
    await dialog.getByLabel(text.nom, { exact: true }).fill('Sanogo');
    await dialog.getByLabel(text.prenom, { exact: true }).fill('Issa');
    await dialog.getByLabel(text.email, { exact: true }).fill(`${username}@e2e.boutiko.test`);
    await dialog.getByLabel(text.password, { exact: true }).fill('Gerant2026');
    await dialog.getByTestId('roles-select').click();
    await page.getByRole('option', { name: text.manager, exact: true }).click();
    await dialog.getByLabel(text.username, { exact: true }).click();
    await dialog.getByTestId('shops-select').click();
    await page.getByRole('option', { name: text.cocody, exact: true }).click();
    await dialog.getByLabel(text.username, { exact: true }).click();
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.created)).toBeVisible();
    await page.getByTestId('table-search').fill(username);
    const row = page.getByTestId('table-row').filter({ hasText: username });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    await expect(row.first()).toContainText(text.cocody);
    await expect(row.first()).toContainText(text.plateau);
    await shot(page, `accounts-shop-users-search-${lang}`);

    // Edit: add the cashier role, leave Cocody.
    await row.first().locator('[data-testid^="row-edit-"]').click();
    await expect(dialog.getByLabel(text.password, { exact: true })).toHaveCount(0);
    await dialog.getByTestId('roles-select').click();
    await page.getByRole('option', { name: text.cashier, exact: true }).click();
    await dialog.getByLabel(text.username, { exact: true }).click();
    await dialog.locator('.mantine-Pill-root', { hasText: text.cocody }).locator('button').click();
    await shot(page, `accounts-user-edit-dialog-${lang}`);
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.updated)).toBeVisible();
    await expect(row.first()).toContainText(text.cashier);
    await expect(row.first()).not.toContainText(text.cocody);

    // Set the password: a mismatch shows the seed's message, then a matching pair saves.
    await row.first().locator('[data-testid^="row-password-"]').click();
    const passwordDialog = page.getByTestId('password-dialog');
    await passwordDialog.getByLabel(text.newPassword, { exact: true }).fill('Nouveau2026');
    await passwordDialog.getByLabel(text.confirmation, { exact: true }).fill('Nouveau2027');
    await passwordDialog.getByTestId('dialog-submit').click();
    await expect(passwordDialog.getByText(text.mismatch)).toBeVisible();
    await shot(page, `accounts-password-dialog-${lang}`);
    await passwordDialog.getByLabel(text.confirmation, { exact: true }).fill('Nouveau2026');
    await passwordDialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.passwordSaved)).toBeVisible();
    await apiToken(request, username, 'Nouveau2026');

    // Remove from the shop, two steps.
    await row.first().locator('[data-testid^="row-remove-"]').click();
    const confirm = page.getByTestId('confirm-delete-dialog');
    await expect(page.getByRole('dialog', { name: text.removeTitle })).toBeVisible();
    await expect(confirm).toContainText(username);
    await shot(page, `accounts-remove-user-${lang}`);
    await confirm.getByTestId('confirm-delete').click();
    await expect(snackbar(page, text.removed)).toBeVisible();
    await expect(page.getByTestId('table-no-data')).toBeVisible();
  });
}
