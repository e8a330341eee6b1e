// Director journeys of the foundation (seed 000 §2 login and Shops screen, §4 shop change and
// two-step delete, §5 shop validation), in fr and en.
import { expect, type Page } from '@playwright/test';
import {
  apiToken,
  createDirector,
  DEMO,
  DEMO_PASSWORD,
  shot,
  snackbar,
  storedSession,
  test,
  uniqueName,
  type Lang,
} from '../support/app.js';

const TEXT = {
  fr: {
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    choiceTitle: 'Choisissez une boutique',
    current: 'Boutique actuelle',
    welcome: 'Bienvenue, Awa Kouassi',
    subtitle: (shop: string) => `Vous travaillez dans la boutique ${shop}.`,
    director: 'Directeur',
    menuShops: 'Nouvelle boutique',
    changeShop: 'Changer de boutique',
    shopsTitle: 'Boutiques',
    search: 'Rechercher une boutique',
    createTitle: 'Créer une boutique',
    editTitle: 'Modifier la boutique',
    nom: 'Nom',
    telephone: 'Téléphone',
    adresse: 'Adresse',
    timeZone: 'Fuseau horaire',
    abidjan: 'Côte d’Ivoire (UTC+0)',
    cameroon: 'Cameroun (UTC+1)',
    save: 'Enregistrer',
    update: 'Modifier',
    edit: 'Modifier',
    delete: 'Supprimer',
    cancel: 'Annuler',
    required: 'Ce champ est obligatoire.',
    created: 'La boutique a bien été créée.',
    updated: 'La boutique a bien été modifiée.',
    deleted: 'La boutique a bien été supprimée.',
    noData: 'Aucune donnée à afficher',
    deleteTitle: 'Confirmer la suppression',
    // The confirmation says what deleting a shop does (issue 7).
    warning:
      'sera supprimée : elle disparaît de vos listes et personne ne pourra plus y travailler. Ses factures, son stock et ses documents sont conservés.',
    planLimit: 'Votre abonnement Argent permet au plus 2 boutiques. Passez à une offre supérieure pour en ajouter.',
    lastShop: 'Vous ne pouvez pas supprimer votre seule boutique.',
  },
  en: {
    username: 'Username',
    password: 'Password',
    choiceTitle: 'Choose a shop',
    current: 'Current shop',
    welcome: 'Welcome, Awa Kouassi',
    subtitle: (shop: string) => `You are working in the shop ${shop}.`,
    director: 'Director',
    menuShops: 'New shop',
    changeShop: 'Change shop',
    shopsTitle: 'Shops',
    search: 'Search a shop',
    createTitle: 'Create a shop',
    editTitle: 'Edit the shop',
    nom: 'Name',
    telephone: 'Phone',
    adresse: 'Address',
    timeZone: 'Time zone',
    abidjan: 'Côte d’Ivoire (UTC+0)',
    cameroon: 'Cameroon (UTC+1)',
    save: 'Save',
    update: 'Update',
    edit: 'Edit',
    delete: 'Delete',
    cancel: 'Cancel',
    required: 'This field is required.',
    created: 'The shop has been created.',
    updated: 'The shop has been updated.',
    deleted: 'The shop has been deleted.',
    noData: 'No data to display',
    deleteTitle: 'Confirm deletion',
    warning:
      'will be deleted: it leaves your lists and nobody can work in it any more. Its invoices, stock and documents are kept.',
    planLimit: 'Your Argent subscription allows at most 2 shops. Upgrade your plan to add more.',
    lastShop: 'You cannot delete your only shop.',
  },
} as const;

type Text = (typeof TEXT)[Lang];

/** The shops table's row showing `name`. */
const row = (page: Page, name: string) => page.getByTestId('table-row').filter({ hasText: name });

async function openShopsFromMenu(page: Page, lang: Lang, t: Text) {
  const entry = page.getByTestId('menu-boutique');
  await expect(entry).toHaveText(t.menuShops);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/app/boutique$`));
  await expect(page.getByRole('heading', { level: 1, name: t.shopsTitle })).toBeVisible();
}

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test.describe(`director and shops (${lang})`, () => {
    test(`demo director chooses a shop, changes it, and is refused a third shop by the plan (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/login`);
      await page.getByLabel(t.username, { exact: true }).fill(DEMO.director);
      await page.getByLabel(t.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.keyboard.press('Enter');

      // Two shops: the choice is asked for and cannot be dismissed.
      const choice = page.getByTestId('shop-choice-dialog');
      await expect(choice).toBeVisible();
      await expect(page.getByRole('dialog', { name: t.choiceTitle })).toBeVisible();
      await expect(choice.getByRole('button', { name: 'Boutique Plateau' })).toBeVisible();
      await expect(choice.getByRole('button', { name: 'Boutique Cocody' })).toBeVisible();
      await shot(page, `${lang}-shop-choice`);
      await page.keyboard.press('Escape');
      await expect(choice).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));

      await choice.getByRole('button', { name: 'Boutique Cocody' }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));
      await expect(page.getByTestId('home-title')).toHaveText(t.welcome);
      await expect(page.getByText(t.subtitle('Boutique Cocody'))).toBeVisible();
      await expect(page.getByTestId('user-name')).toHaveText('Awa Kouassi');
      await expect(page.getByTestId('user-initials')).toHaveText('AK');
      await expect(page.getByTestId('current-shop')).toHaveText('Boutique Cocody');
      await expect(page.getByTestId('drawer-user')).toContainText(t.director);
      const cocody = JSON.parse((await storedSession(page)).boutiqueId ?? 'null') as { idBoutique: number } | null;
      expect(cocody?.idBoutique).toEqual(expect.any(Number));
      await shot(page, `${lang}-home-director`);

      // Change shop (directors only): the current one is marked; the new one is stored, home reloads.
      await page.getByTestId('change-shop').click();
      await expect(choice).toBeVisible();
      await expect(choice.getByRole('button', { name: 'Boutique Cocody' })).toContainText(t.current);
      await expect(choice.getByRole('button', { name: 'Boutique Plateau' })).not.toContainText(t.current);
      await shot(page, `${lang}-change-shop`);
      await choice.getByRole('button', { name: 'Boutique Plateau' }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));
      await expect(page.getByTestId('current-shop')).toHaveText('Boutique Plateau');
      await expect(page.getByText(t.subtitle('Boutique Plateau'))).toBeVisible();
      const plateau = JSON.parse((await storedSession(page)).boutiqueId ?? 'null') as { idBoutique: number } | null;
      expect(plateau?.idBoutique).not.toBe(cocody?.idBoutique);

      // The Shops screen from the menu lists both demo shops.
      await openShopsFromMenu(page, lang, t);
      await expect(row(page, 'Boutique Plateau')).toBeVisible();
      await expect(row(page, 'Boutique Cocody')).toBeVisible();
      await shot(page, `${lang}-shops-demo`);

      // The Argent plan allows 2 shops: a third is refused with PLAN_LIMIT, the dialog stays open.
      await page.getByTestId('new-shop').click();
      const dialog = page.getByTestId('shop-dialog');
      await dialog.getByLabel(t.nom, { exact: true }).fill(`Boutique ${uniqueName('limit')}`);
      await dialog.getByLabel(t.telephone, { exact: true }).fill('27209999');
      await dialog.getByLabel(t.adresse, { exact: true }).fill('Boulevard Lagunaire, Abidjan');
      await dialog.getByTestId('dialog-submit').click();
      await expect(snackbar(page, t.planLimit)).toBeVisible();
      await expect(dialog).toBeVisible();
      await shot(page, `${lang}-shop-plan-limit`);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('table-row')).toHaveCount(2);
    });

    test(`a director creates, edits, searches and deletes a shop (${lang})`, async ({ page, request }) => {
      const director = await createDirector(request, 'shop');
      await page.goto(`/${lang}/login`);
      await page.getByLabel(t.username, { exact: true }).fill(director.username);
      await page.getByLabel(t.password, { exact: true }).fill(director.password);
      await page.keyboard.press('Enter');
      // One shop: no choice asked, it is stored and the director lands at home.
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));
      await expect(page.getByTestId('shop-choice-dialog')).toHaveCount(0);
      await expect(page.getByTestId('current-shop')).toHaveText(director.shopName);
      expect(JSON.parse((await storedSession(page)).boutiqueId ?? 'null')).toEqual({ idBoutique: director.idBoutique });

      await openShopsFromMenu(page, lang, t);
      await expect(page.getByTestId('table-row')).toHaveCount(1);
      await expect(row(page, director.shopName)).toBeVisible();

      // Create: every field required.
      await page.getByTestId('new-shop').click();
      const dialog = page.getByTestId('shop-dialog');
      await expect(page.getByRole('dialog', { name: t.createTitle })).toBeVisible();
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog.getByText(t.required)).toHaveCount(3);
      await shot(page, `${lang}-shop-create-errors`);

      // The phone mask: digits only, at most 8.
      const phone = dialog.getByLabel(t.telephone, { exact: true });
      await phone.pressSequentially('ab');
      await expect(phone).toHaveValue('');
      await phone.pressSequentially('22a33 44-556');
      await expect(phone).toHaveValue('22334455');
      await phone.pressSequentially('9');
      await expect(phone).toHaveValue('22334455');
      await phone.fill('2233445566');
      await expect(phone).toHaveValue('22334455');

      const name = `Boutique ${uniqueName('b')}`;
      await dialog.getByLabel(t.nom, { exact: true }).fill(name);
      await dialog.getByLabel(t.adresse, { exact: true }).fill('Rue du Commerce, Adjamé');
      await expect(dialog.getByText(t.required)).toHaveCount(0);
      await dialog.getByTestId('dialog-submit').click();
      await expect(snackbar(page, t.created)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row(page, name)).toContainText('22334455');
      await expect(row(page, name)).toContainText('Rue du Commerce, Adjamé');
      await expect(page.getByTestId('table-row')).toHaveCount(2);

      // Edit: the dialog opens filled; the change shows in the list.
      await row(page, name).getByRole('button', { name: t.edit }).click();
      await expect(page.getByRole('dialog', { name: t.editTitle })).toBeVisible();
      await expect(dialog.getByLabel(t.nom, { exact: true })).toHaveValue(name);
      await expect(dialog.getByLabel(t.telephone, { exact: true })).toHaveValue('22334455');
      await expect(dialog.getByLabel(t.adresse, { exact: true })).toHaveValue('Rue du Commerce, Adjamé');
      const renamed = `${name} Centre`;
      await dialog.getByLabel(t.nom, { exact: true }).fill(renamed);
      await dialog.getByLabel(t.telephone, { exact: true }).fill('07080910');
      // The shop's time zone: Abidjan unless chosen; the FCFA countries by name, searchable.
      const zone = dialog.getByRole('combobox', { name: t.timeZone });
      await expect(zone).toHaveValue(t.abidjan);
      await zone.click();
      await zone.fill('Camer');
      await page.getByRole('option', { name: t.cameroon }).click();
      await expect(zone).toHaveValue(t.cameroon);
      await shot(page, `${lang}-shop-edit`);
      await dialog.getByRole('button', { name: t.update }).click();
      await expect(snackbar(page, t.updated)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row(page, renamed)).toContainText('07080910');
      await row(page, renamed).getByRole('button', { name: t.edit }).click();
      await expect(dialog.getByRole('combobox', { name: t.timeZone })).toHaveValue(t.cameroon);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();

      // Search: only the matching shop; a term matching nothing shows the no-data message.
      const search = page.getByRole('searchbox', { name: t.search });
      await search.fill(renamed.slice('Boutique '.length));
      await expect(page.getByTestId('table-row')).toHaveCount(1);
      await expect(row(page, renamed)).toBeVisible();
      await search.fill('zzz-aucune-boutique');
      await expect(page.getByTestId('table-no-data')).toHaveText(t.noData);
      await expect(page.getByTestId('table-row')).toHaveCount(0);
      await shot(page, `${lang}-shops-no-data`);
      await search.fill('');
      await expect(page.getByTestId('table-row')).toHaveCount(2);

      // Delete, two steps: the warning first; cancelling keeps the shop.
      await row(page, renamed).getByRole('button', { name: t.delete }).click();
      const confirm = page.getByTestId('confirm-delete-dialog');
      await expect(page.getByRole('dialog', { name: t.deleteTitle })).toBeVisible();
      await expect(confirm.getByText(t.warning)).toBeVisible();
      await expect(confirm.getByText(renamed, { exact: true })).toBeVisible();
      await shot(page, `${lang}-shop-delete-confirm`);
      await confirm.getByRole('button', { name: t.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(row(page, renamed)).toBeVisible();

      await row(page, renamed).getByRole('button', { name: t.delete }).click();
      await expect(confirm.getByText(renamed, { exact: true })).toBeVisible();
      await confirm.getByTestId('confirm-delete').click();
      await expect(snackbar(page, t.deleted)).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(row(page, renamed)).toHaveCount(0);
      await expect(page.getByTestId('table-row')).toHaveCount(1);

      // The account's last shop cannot be deleted.
      await row(page, director.shopName).getByRole('button', { name: t.delete }).click();
      await confirm.getByTestId('confirm-delete').click();
      await expect(snackbar(page, t.lastShop)).toBeVisible();
      await expect(row(page, director.shopName)).toBeVisible();
    });

    test(`the API refuses a director the shops of another account (${lang})`, async ({ request }) => {
      const other = await createDirector(request, 'oth');
      const token = await apiToken(request, DEMO.director);
      const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lang };
      const body = { nom: 'Pas la mienne', telephone: '11111111', adresse: 'Ailleurs' };

      const update = await request.put(`/api/boutiques/${other.idBoutique}`, { headers, data: body });
      expect(update.status()).toBe(403);
      expect(((await update.json()) as { code: string }).code).toBe('NOT_SHOP_MEMBER');
      const remove = await request.delete(`/api/boutiques/${other.idBoutique}`, { headers });
      expect(remove.status()).toBe(403);

      // Nor does it show them: the demo director's list has only the demo shops.
      const list = await request.get('/api/boutique/users/page/1', { headers });
      expect(list.status()).toBe(200);
      const names = ((await list.json()) as { data: { nom: string }[] }).data.map((shop) => shop.nom);
      expect(names).not.toContain(other.shopName);
      expect(names).toEqual(expect.arrayContaining(['Boutique Plateau', 'Boutique Cocody']));
    });
  });
}
