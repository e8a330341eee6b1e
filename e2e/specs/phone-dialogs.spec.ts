// Issue 7: dialogs that fit a phone. On a 375 px phone (touch, mobile viewport) every select
// and picker of a dialog opens on screen without widening the page, a dialog taller than the
// window scrolls its body and keeps its buttons in view, and the depot picker's quick add
// creates a depot and chooses it at once.
import { devices, expect, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  apiToken,
  createDirector,
  registerPendingDirector,
  shotAt,
  signIn,
  snackbar,
  test,
  uniqueName,
} from '../support/app.js';

const { defaultBrowserType: _browser, ...pixel5 } = devices['Pixel 5'];
test.use({ ...pixel5, viewport: { width: 375, height: 667 } });

const WIDTH = 375;

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Opens a select of a dialog by touch: its list shows whole on the screen and the page stays 375 px wide. */
async function openOnScreen(page: Page, select: Locator, screenshot: string): Promise<Locator> {
  await select.tap();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  // Let the dropdown settle (it used to jump sideways and widen the page a moment later).
  await page.waitForTimeout(400);
  const box = await list.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await shotAt(page, screenshot, WIDTH);
  return list;
}

/** The dialog's buttons are in view, and when its form is taller than the window, its body scrolls. */
async function buttonsInView(page: Page, dialog: Locator) {
  await expect(dialog.getByTestId('dialog-submit')).toBeInViewport();
  const content = page.locator('.mantine-Modal-content', { has: dialog });
  const scrolls = await content.evaluate((element) => element.scrollHeight > element.clientHeight);
  if (scrolls) {
    await content.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }));
    await expect(dialog.getByTestId('dialog-submit')).toBeInViewport();
  }
  return scrolls;
}

test('a director opens every select of the account dialogs on a phone (fr)', async ({ page, request }) => {
  // A director with two shops, so that the shops select has one to offer.
  const director = await createDirector(request, 'phone');
  const token = await apiToken(request, director.username, director.password);
  const secondShop = `Boutique Marcory ${uniqueName('m')}`;
  const shop = await request.post('/api/boutiques', {
    headers: { Authorization: `Bearer ${token}` },
    data: { nom: secondShop, telephone: '27213344', adresse: 'Marcory, Abidjan' },
  });
  expect(shop.status(), await shop.text()).toBe(201);
  await signIn(page, 'fr', director.username, director.password, director.shopName);

  // Add a user: a tall form whose buttons stay in view; roles and shops multi-selects.
  await page.goto('/fr/app/utilisateur-boutique');
  await page.getByTestId('new-user').tap();
  const userDialog = page.getByTestId('user-dialog');
  await expect(userDialog).toBeVisible();
  expect(await buttonsInView(page, userDialog)).toBe(true);
  await shotAt(page, 'phone-user-dialog', WIDTH);
  const username = uniqueName('ph');
  await userDialog.getByLabel("Nom d'utilisateur", { exact: true }).fill(username);
  await userDialog.getByLabel('Nom', { exact: true }).fill('Traoré');
  await userDialog.getByLabel('Prénom', { exact: true }).fill('Moussa');
  await userDialog.getByLabel('E-mail', { exact: true }).fill(`${username}@e2e.boutiko.test`);
  await userDialog.getByLabel('Mot de passe', { exact: true }).fill('Vendeur2026');
  const roles = await openOnScreen(page, userDialog.getByTestId('roles-select'), 'phone-user-roles');
  await roles.getByRole('option', { name: 'Vendeur', exact: true }).tap();
  const shops = await openOnScreen(page, userDialog.getByTestId('shops-select'), 'phone-user-shops');
  await shops.getByRole('option', { name: secondShop, exact: true }).tap();
  await userDialog.getByLabel("Nom d'utilisateur", { exact: true }).tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await userDialog.getByTestId('dialog-submit').tap();
  await expect(snackbar(page, 'Le nouvel utilisateur a bien été ajouté.')).toBeVisible();

  // A depot: its shop select.
  await page.goto('/fr/app/depot');
  await page.getByTestId('new-depot').tap();
  const depotDialog = page.getByTestId('depot-dialog');
  await buttonsInView(page, depotDialog);
  await openOnScreen(page, depotDialog.getByTestId('depot-shop-select'), 'phone-depot-shop');
  await depotDialog.getByLabel('Libellé', { exact: true }).tap();
  await depotDialog.getByTestId('dialog-cancel').tap();
  await expect(depotDialog).toBeHidden();

  // Assign the user to a depot that does not exist yet: the depot picker's "+" creates it.
  await page.goto('/fr/app/depot-user');
  await page.getByTestId('new-depot-user').tap();
  const assignDialog = page.getByTestId('depot-user-dialog');
  const users = await openOnScreen(page, assignDialog.getByTestId('assignment-user-select'), 'phone-assignment-users');
  await users.getByRole('option', { name: new RegExp(`^${username} `) }).tap();
  await openOnScreen(page, assignDialog.getByTestId('assignment-depot-select'), 'phone-assignment-depots');
  await expect(page.getByText('Aucun dépôt dans cette boutique.')).toBeVisible();
  await assignDialog.getByTestId('assignment-depot-select-add').tap();
  const quickAdd = page.getByTestId('assignment-depot-select-quick-add');
  await expect(page.getByRole('dialog', { name: 'Créer un dépôt' })).toBeVisible();
  // Escape closes the quick-add dialog only, not the dialog it was opened from.
  await page.keyboard.press('Escape');
  await expect(quickAdd).toBeHidden();
  await expect(assignDialog).toBeVisible();
  await assignDialog.getByTestId('assignment-depot-select-add').tap();
  await expect(quickAdd).toBeVisible();
  await quickAdd.getByLabel('Libellé', { exact: true }).fill('Entrepôt du port');
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await shotAt(page, 'phone-depot-quick-add', WIDTH);
  // Enter submits the quick-add form only.
  await quickAdd.getByLabel('Libellé', { exact: true }).press('Enter');
  await expect(snackbar(page, 'Le dépôt a bien été créé.')).toBeVisible();
  await expect(quickAdd).toBeHidden();
  // Created and chosen at once; the assignment dialog is still open with what was picked.
  await expect(assignDialog).toBeVisible();
  await expect(assignDialog.getByTestId('assignment-depot-select')).toHaveValue('Entrepôt du port');
  await expect(assignDialog.getByTestId('assignment-user-select')).toHaveValue(new RegExp(`^${username} `));
  await shotAt(page, 'phone-assignment-picked', WIDTH);
  await expect(snackbar(page, "L'utilisateur a bien été affecté au dépôt.")).toHaveCount(0);
  await assignDialog.getByTestId('dialog-submit').tap();
  await expect(snackbar(page, "L'utilisateur a bien été affecté au dépôt.")).toBeVisible();
  await expect(page.getByTestId('table-row').filter({ hasText: username })).toContainText('Entrepôt du port');
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});

test('the admin opens the plan select and the tall director dialog on a phone (en)', async ({ page, request }) => {
  const pending = await registerPendingDirector(request, { prefix: 'phadm' });
  await signIn(page, 'en', ADMIN.username, ADMIN.password);

  await page.goto(`/en/app/utilisateur-activatedirecteur?q=${pending.username}`);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await page.getByTestId(`row-plan-${pending.idLigne}`).tap();
  const subscription = page.getByTestId('subscription-dialog');
  await buttonsInView(page, subscription);
  const plans = await openOnScreen(page, subscription.getByTestId('plan-select'), 'phone-subscription-plans');
  await plans.getByRole('option', { name: 'Argent', exact: true }).tap();
  await expect(subscription.getByTestId('plan-select')).toHaveValue('Argent');
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await shotAt(page, 'phone-subscription-dialog', WIDTH);
  await subscription.getByTestId('dialog-cancel').tap();
  await expect(subscription).toBeHidden();

  // The director dialog is taller than the phone: its body scrolls, its buttons stay.
  await page.goto('/en/app/utilisateur-directeur');
  await page.getByTestId('new-director').tap();
  const directorDialog = page.getByTestId('director-dialog');
  expect(await buttonsInView(page, directorDialog)).toBe(true);
  await shotAt(page, 'phone-director-dialog', WIDTH);
  // Submitting the empty form shows the errors; the buttons are still there.
  await directorDialog.getByTestId('dialog-submit').tap();
  await expect(directorDialog.getByText('This field is required.').first()).toBeVisible();
  await expect(directorDialog.getByTestId('dialog-submit')).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});
