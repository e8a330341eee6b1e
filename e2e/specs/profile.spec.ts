// The side drawer's profile dialog and logout (seed 000 §2 Side drawer, §5 password change), in fr and en.
import { expect, type Page } from '@playwright/test';
import { createDirector, shot, shotAt, snackbar, storedSession, test, type Lang, type TestDirector } from '../support/app.js';

const TEXT = {
  fr: {
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    profileTitle: 'Mon profil',
    nom: 'Nom',
    prenom: 'Prénom',
    changePassword: 'Changer le mot de passe',
    currentPassword: 'Mot de passe actuel',
    currentWrong: "Le mot de passe actuel n'est pas le bon.",
    newPassword: 'Nouveau mot de passe',
    confirmation: 'Confirmer le mot de passe',
    update: 'Modifier',
    cancel: 'Annuler',
    mismatch: 'Les deux mots de passe ne correspondent pas, veuillez réessayer.',
    breached: 'Ce mot de passe fait partie des plus courants et des plus piratés : choisissez-en un autre.',
    usernameInvalid:
      "Nom d'utilisateur non valide : de 3 à 20 lettres, chiffres, points ou tirets bas, avec au moins une lettre, sans point ni tiret bas au début, à la fin ou deux fois de suite.",
    updated: 'Votre profil a bien été mis à jour.',
    logout: 'Déconnexion',
    logoutConfirm: 'Voulez-vous vraiment vous déconnecter ?',
    loggedOut: 'Vous êtes déconnecté.',
    wrong: "Votre nom d'utilisateur ou votre mot de passe est incorrect, veuillez réessayer",
    openMenu: 'Ouvrir ou fermer le menu',
  },
  en: {
    username: 'Username',
    password: 'Password',
    profileTitle: 'My profile',
    nom: 'Last name',
    prenom: 'First name',
    changePassword: 'Change the password',
    currentPassword: 'Current password',
    currentWrong: 'The current password is not correct.',
    newPassword: 'New password',
    confirmation: 'Confirm the password',
    update: 'Update',
    cancel: 'Cancel',
    mismatch: 'The two passwords do not match, please try again.',
    breached: 'This password is one of the most common leaked passwords: choose another one.',
    usernameInvalid:
      'Invalid username: 3 to 20 letters, digits, dots or underscores, with at least one letter, and no dot or underscore at the start, at the end or twice in a row.',
    updated: 'Your profile has been updated.',
    logout: 'Log out',
    logoutConfirm: 'Do you really want to log out?',
    loggedOut: 'You are logged out.',
    wrong: 'Your username or password is incorrect, please try again',
    openMenu: 'Open or close the menu',
  },
} as const;

type Text = (typeof TEXT)[Lang];

async function login(page: Page, lang: Lang, t: Text, username: string, password: string) {
  await page.goto(`/${lang}/login`);
  await page.getByLabel(t.username, { exact: true }).fill(username);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.keyboard.press('Enter');
}

async function logout(page: Page, lang: Lang) {
  await page.getByTestId('logout').click();
  await page.getByTestId('confirm-logout').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
}

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test.describe(`profile and logout (${lang})`, () => {
    let director: TestDirector;
    test.beforeEach(async ({ request }) => {
      director = await createDirector(request, 'prof');
    });

    test(`profile dialog: read-only names, password fields locked until ticked, mismatch (${lang})`, async ({ page }) => {
      await login(page, lang, t, director.username, director.password);
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));

      await page.getByTestId('open-profile').click();
      const dialog = page.getByTestId('profile-dialog');
      await expect(page.getByRole('dialog', { name: t.profileTitle })).toBeVisible();
      const nom = dialog.getByLabel(t.nom, { exact: true });
      const prenom = dialog.getByLabel(t.prenom, { exact: true });
      const username = dialog.getByLabel(t.username, { exact: true });
      const current = dialog.getByLabel(t.currentPassword, { exact: true });
      const password = dialog.getByLabel(t.newPassword, { exact: true });
      const confirmation = dialog.getByLabel(t.confirmation, { exact: true });
      const box = dialog.getByRole('checkbox', { name: t.changePassword });

      await expect(nom).toHaveValue(director.nom);
      await expect(prenom).toHaveValue(director.prenom);
      await expect(nom).not.toBeEditable();
      await expect(prenom).not.toBeEditable();
      await expect(username).toHaveValue(director.username);
      await expect(username).toBeEditable();
      await expect(box).not.toBeChecked();
      await expect(current).toBeDisabled();
      await expect(password).toBeDisabled();
      await expect(confirmation).toBeDisabled();
      await shot(page, `${lang}-profile`);

      // Ticking the box opens the password fields; two different passwords are refused.
      await box.check();
      await expect(current).toBeEnabled();
      await expect(password).toBeEnabled();
      await expect(confirmation).toBeEnabled();
      await current.fill(director.password);
      await password.fill('Nouveau123');
      await confirmation.fill('Autre4567');
      await dialog.getByRole('button', { name: t.update }).click();
      await expect(dialog.getByText(t.mismatch)).toBeVisible();
      await expect(dialog).toBeVisible();
      await shot(page, `${lang}-profile-mismatch`);

      // A password of the common breached passwords list meets the rules but the server refuses
      // it: the message is shown under the new password field, and the dialog stays open.
      await password.fill('Password1');
      await confirmation.fill('Password1');
      await dialog.getByRole('button', { name: t.update }).click();
      await expect(password).toHaveAccessibleDescription(t.breached);
      await expect(dialog.getByText(t.breached)).toBeVisible();
      await expect(dialog).toBeVisible();
      await shot(page, `${lang}-profile-breached`);

      // A new password needs the right current one: a wrong one is said under its field, nothing changes.
      await current.fill('Devine123');
      await password.fill('Nouveau123');
      await confirmation.fill('Nouveau123');
      await dialog.getByRole('button', { name: t.update }).click();
      await expect(current).toHaveAccessibleDescription(t.currentWrong);
      await expect(dialog).toBeVisible();

      // Unticking locks and empties them again.
      await box.uncheck();
      await expect(current).toHaveValue('');
      await expect(password).toBeDisabled();
      await expect(password).toHaveValue('');
      await expect(confirmation).toHaveValue('');
      await expect(dialog.getByText(t.mismatch)).toHaveCount(0);

      // An invalid username is refused on the field.
      await username.fill('_x');
      await dialog.getByRole('button', { name: t.update }).click();
      await expect(dialog.getByText(t.usernameInvalid)).toBeVisible();

      // Cancel leaves everything as it was.
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      const stored = JSON.parse((await storedSession(page)).user ?? '{}') as { username?: string };
      expect(stored.username).toBe(director.username);
    });

    test(`a user changes their username and password, logs out with confirmation and signs in again (${lang})`, async ({
      page,
    }) => {
      await login(page, lang, t, director.username, director.password);
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));

      // New username and password.
      const newUsername = `${director.username}n`;
      const newPassword = 'Nouveau123';
      await page.getByTestId('open-profile').click();
      const dialog = page.getByTestId('profile-dialog');
      await dialog.getByLabel(t.username, { exact: true }).fill(newUsername);
      await dialog.getByRole('checkbox', { name: t.changePassword }).check();
      await dialog.getByLabel(t.currentPassword, { exact: true }).fill(director.password);
      await dialog.getByLabel(t.newPassword, { exact: true }).fill(newPassword);
      await dialog.getByLabel(t.confirmation, { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: t.update }).click();
      await expect(snackbar(page, t.updated)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => (JSON.parse((await storedSession(page)).user ?? '{}') as { username?: string }).username)
        .toBe(newUsername);

      // Logout asks first; cancelling keeps the session.
      await page.getByTestId('logout').click();
      const confirm = page.getByRole('dialog', { name: t.logout });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByText(t.logoutConfirm)).toBeVisible();
      await shot(page, `${lang}-logout-confirm`);
      await confirm.getByRole('button', { name: t.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));
      expect((await storedSession(page)).conUser).not.toBeNull();

      // Confirmed: login screen, session storage cleared.
      await logout(page, lang);
      await expect(page.getByTestId('logout-reason')).toHaveText(t.loggedOut);
      expect(await storedSession(page)).toEqual({ user: null, conUser: null, boutiqueId: null });
      await shot(page, `${lang}-logged-out`);

      // The old username and the old password no longer open the account; the new ones do.
      await login(page, lang, t, director.username, director.password);
      await expect(snackbar(page, t.wrong)).toBeVisible();
      await login(page, lang, t, newUsername, director.password);
      await expect(snackbar(page, t.wrong)).toBeVisible();
      await login(page, lang, t, newUsername, newPassword);
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));
      await expect(page.getByTestId('user-name')).toHaveText(`${director.prenom} ${director.nom}`);

      // On a phone, the same actions are in the drawer behind the burger.
      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole('button', { name: t.openMenu }).click();
      await expect(page.getByTestId('logout')).toBeInViewport();
      await expect(page.getByTestId('change-shop')).toBeInViewport();
      await shotAt(page, `${lang}-drawer-mobile`, 375);
      await page.getByTestId('open-profile').click();
      await expect(page.getByTestId('profile-dialog')).toBeVisible();
      await expect(page.getByTestId('profile-dialog').getByLabel(t.username, { exact: true })).toHaveValue(newUsername);
      await shotAt(page, `${lang}-profile-mobile`, 375);
      await page.getByTestId('profile-dialog').getByRole('button', { name: t.cancel }).click();
      await page.getByRole('button', { name: t.openMenu }).click();
      await logout(page, lang);
    });
  });
}
