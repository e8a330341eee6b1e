import { expect, type Browser, type Page } from '@playwright/test';
import {
  activateThroughApi,
  registerPendingDirector,
  shot,
  signIn,
  snackbar,
  test,
  uniqueName,
  type Lang,
} from '../support/app.js';

/**
 * Journey (b): a fresh Bronze director (1 shop, 1 depot, 4 users with the director) creates a
 * depot and is refused a second one, creates a seller and assigns them to the depot; the seller
 * sees no director screen; users are refused past the plan's 4, with the message naming the limit.
 */

const TEXT = {
  fr: {
    libelle: 'Libellé',
    depotCreated: 'Le dépôt a bien été créé.',
    depotUpdated: 'Le dépôt a bien été modifié.',
    unassigned: "L'affectation a bien été supprimée.",
    depotLimit: /Votre abonnement Bronze permet au plus 1 dépôt\./,
    userCreated: 'Le nouvel utilisateur a bien été ajouté.',
    userLimit: /Votre abonnement Bronze permet au plus 4 utilisateurs\./,
    assigned: "L'utilisateur a bien été affecté au dépôt.",
    username: "Nom d'utilisateur",
    nom: 'Nom',
    prenom: 'Prénom',
    email: 'E-mail',
    password: 'Mot de passe',
    roles: { seller: 'Vendeur', cashier: 'Caissier', warehouse: 'Magasinier', manager: 'Gérant' },
    cancel: 'Annuler',
  },
  en: {
    libelle: 'Label',
    depotCreated: 'The depot has been created.',
    depotUpdated: 'The depot has been updated.',
    unassigned: 'The assignment has been deleted.',
    depotLimit: /Your Bronze subscription allows at most 1 depot\./,
    userCreated: 'The new user has been added.',
    userLimit: /Your Bronze subscription allows at most 4 users\./,
    assigned: 'The user has been assigned to the depot.',
    username: 'Username',
    nom: 'Last name',
    prenom: 'First name',
    email: 'E-mail',
    password: 'Password',
    roles: { seller: 'Seller', cashier: 'Cashier', warehouse: 'Warehouse keeper', manager: 'Manager' },
    cancel: 'Cancel',
  },
} as const;

type RoleKey = keyof (typeof TEXT)['fr']['roles'];
const USER_PASSWORD = 'Vente2026';

/** Fills and sends the add-user dialog (the current shop is chosen by default). */
async function addUser(page: Page, lang: Lang, username: string, role: RoleKey, screenshot?: string) {
  const text = TEXT[lang];
  await page.getByTestId('new-user').click();
  const dialog = page.getByTestId('user-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(text.username, { exact: true }).fill(username);
  await dialog.getByLabel(text.nom, { exact: true }).fill('Koffi');
  await dialog.getByLabel(text.prenom, { exact: true }).fill('Adjoua');
  await dialog.getByLabel(text.email, { exact: true }).fill(`${username}@e2e.boutiko.test`);
  await dialog.getByLabel(text.password, { exact: true }).fill(USER_PASSWORD);
  await dialog.getByTestId('roles-select').click();
  await page.getByRole('option', { name: text.roles[role], exact: true }).click();
  // Close the roles list before sending.
  await dialog.getByLabel(text.username, { exact: true }).click();
  if (screenshot) await shot(page, screenshot);
  await dialog.getByTestId('dialog-submit').click();
}

async function otherClient(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

for (const lang of ['fr', 'en'] as const) {
  test(`a Bronze director meets the plan's depot and user limits; the seller sees only seller menus (${lang})`, async ({
    page,
    request,
    browser,
  }) => {
    const text = TEXT[lang];
    const director = await registerPendingDirector(request, { prefix: `bz${lang}` });
    await activateThroughApi(request, director);
    await signIn(page, lang, director.username, director.password);

    // Depots: the first is allowed, the second is refused with the limit message.
    await page.getByTestId('menu-depot').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/depot$`));
    const depots = page.getByTestId('depots-table');
    await expect(depots.getByTestId('table-no-data')).toBeVisible();
    await page.getByTestId('new-depot').click();
    const depotDialog = page.getByTestId('depot-dialog');
    await depotDialog.getByLabel(text.libelle, { exact: true }).fill('Magasin central');
    await expect(depotDialog.getByTestId('depot-shop-select')).toHaveValue(director.shopName);
    await shot(page, `accounts-depot-dialog-${lang}`);
    await depotDialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.depotCreated)).toBeVisible();
    await expect(depotDialog).toBeHidden();
    const depotRow = depots.getByTestId('table-row').filter({ hasText: 'Magasin central' });
    await expect(depotRow).toHaveCount(1);
    await expect(depotRow).toContainText(director.shopName);
    await shot(page, `accounts-depots-${lang}`);

    await page.getByTestId('new-depot').click();
    await depotDialog.getByLabel(text.libelle, { exact: true }).fill('Réserve');
    await depotDialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.depotLimit)).toBeVisible();
    await expect(depotDialog).toBeVisible();
    await depotDialog.getByRole('button', { name: text.cancel }).click();
    await expect(depotDialog).toBeHidden();
    await expect(depots.getByTestId('table-row')).toHaveCount(1);

    // A seller, added to the director's only shop.
    await page.getByTestId('menu-utilisateur-boutique').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/utilisateur-boutique$`));
    const users = page.getByTestId('users-table');
    await expect(users.getByTestId('table-row')).toHaveCount(1);
    const seller = uniqueName('sel');
    await addUser(page, lang, seller, 'seller', `accounts-user-dialog-${lang}`);
    await expect(snackbar(page, text.userCreated)).toBeVisible();
    const sellerRow = users.getByTestId('table-row').filter({ hasText: seller });
    await expect(sellerRow).toContainText(text.roles.seller);
    await expect(sellerRow).toContainText(director.shopName);
    await shot(page, `accounts-shop-users-${lang}`);

    // The seller works in the depot.
    await page.getByTestId('menu-depot-user').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/depot-user$`));
    const links = page.getByTestId('depot-users-table');
    await expect(links.getByTestId('table-no-data')).toBeVisible();
    await page.getByTestId('new-depot-user').click();
    const assignDialog = page.getByTestId('depot-user-dialog');
    await assignDialog.getByTestId('assignment-user-select').click();
    await page.getByRole('option', { name: new RegExp(`^${seller} `) }).click();
    await assignDialog.getByTestId('assignment-depot-select').click();
    await page.getByRole('option', { name: 'Magasin central', exact: true }).click();
    await shot(page, `accounts-depot-user-dialog-${lang}`);
    await assignDialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.assigned)).toBeVisible();
    const link = links.getByTestId('table-row').filter({ hasText: seller });
    await expect(link).toContainText('Magasin central');
    await expect(link).toContainText(director.shopName);
    await shot(page, `accounts-depot-users-${lang}`);

    // The seller signs in: no director, manager or admin menu (invoices and clients are not built yet).
    const sellerPage = await otherClient(browser);
    await signIn(sellerPage, lang, seller, USER_PASSWORD);
    await expect(sellerPage.getByTestId('menu-accueil')).toBeVisible();
    const menus = await sellerPage
      .locator('[data-testid^="menu-"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')));
    expect(menus.every((menu) => ['menu-accueil', 'menu-facture', 'menu-client', 'menu-vente'].includes(menu ?? ''))).toBe(true);
    for (const screen of ['boutique', 'depot', 'depot-user', 'utilisateur-boutique', 'articles', 'utilisateur-directeur']) {
      await expect(sellerPage.getByTestId(`menu-${screen}`)).toHaveCount(0);
    }
    await sellerPage.goto(`/${lang}/app/utilisateur-boutique`);
    await expect(sellerPage.getByTestId('no-access')).toBeVisible();
    await shot(sellerPage, `accounts-seller-home-${lang}`);
    await sellerPage.context().close();

    // Users: the director and the seller are 2 of 4; two more fit, a fifth is refused.
    await page.getByTestId('menu-utilisateur-boutique').click();
    await addUser(page, lang, uniqueName('cai'), 'cashier');
    await expect(snackbar(page, text.userCreated)).toBeVisible();
    await expect(page.getByTestId('user-dialog')).toBeHidden();
    await addUser(page, lang, uniqueName('mag'), 'warehouse');
    await expect(snackbar(page, text.userCreated).last()).toBeVisible();
    await expect(page.getByTestId('user-dialog')).toBeHidden();
    await expect(users.getByTestId('table-row')).toHaveCount(4);
    await addUser(page, lang, uniqueName('ger'), 'manager');
    await expect(snackbar(page, text.userLimit)).toBeVisible();
    await expect(page.getByTestId('user-dialog')).toBeVisible();
    await shot(page, `accounts-user-limit-${lang}`);
    await page.getByTestId('user-dialog').getByRole('button', { name: text.cancel }).click();
    await expect(users.getByTestId('table-row')).toHaveCount(4);

    // The depot is renamed, and the seller's assignment removed in two steps.
    await page.getByTestId('menu-depot').click();
    await depots.getByTestId('table-row').first().locator('[data-testid^="row-edit-"]').click();
    await expect(depotDialog.getByLabel(text.libelle, { exact: true })).toHaveValue('Magasin central');
    await depotDialog.getByLabel(text.libelle, { exact: true }).fill('Magasin du marché');
    await depotDialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.depotUpdated)).toBeVisible();
    await expect(depots.getByTestId('table-row').first()).toContainText('Magasin du marché');
    await page.getByTestId('menu-depot-user').click();
    await expect(link).toContainText('Magasin du marché');
    await link.locator('[data-testid^="row-delete-"]').click();
    await page.getByTestId('confirm-delete').click();
    await expect(snackbar(page, text.unassigned)).toBeVisible();
    await expect(links.getByTestId('table-no-data')).toBeVisible();
  });
}
