// Catalogue (issue 8): a manager creates a category and an article with 5 units in a depot; its
// image is the director's (the manager's detail offers no upload); a seller sees the articles but
// no edit action, and the API refuses their writes.
import { expect } from '@playwright/test';
import { apiToken, DEMO, proofPng, shot, signIn, snackbar, test, uniqueName, type Lang } from '../support/app.js';

const TEXT = {
  fr: {
    categoryCreated: 'La catégorie a bien été créée.',
    supplierCreated: 'Le fournisseur a bien été ajouté.',
    supplier: { raisonSociale: 'Raison sociale', telephone: 'Téléphone', adresse: 'Adresse' },
    articleCreated: "L'article a bien été créé.",
    imageSaved: "L'image a bien été enregistrée.",
    lowStock: 'Vous avez des articles en limite de stock',
    depot: 'Magasin principal',
    forbidden: "Vous n'avez pas le droit d'effectuer cette action.",
  },
  en: {
    categoryCreated: 'The category has been created.',
    supplierCreated: 'The supplier has been added.',
    supplier: { raisonSociale: 'Company name', telephone: 'Phone', adresse: 'Address' },
    articleCreated: 'The article has been created.',
    imageSaved: 'The image has been saved.',
    lowStock: 'Some articles are at their stock limit',
    depot: 'Magasin principal',
    forbidden: 'You are not allowed to do this.',
  },
} as const;

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test.describe(`catalogue (${lang})`, () => {
    test(`a manager creates a category and an article with 5 units; the director gives it its image (${lang})`, async ({ page, request }) => {
      const category = uniqueName('Cat');
      const designation = uniqueName('Article');
      await signIn(page, lang, DEMO.manager, undefined, 'Boutique Plateau');

      await page.goto(`/${lang}/app/categorie`);
      await page.getByTestId('new-category').click();
      const categoryDialog = page.getByTestId('category-dialog');
      await categoryDialog.getByRole('textbox').first().fill(category);
      await shot(page, `${lang}-category-dialog`);
      await categoryDialog.getByTestId('dialog-submit').click();
      await expect(snackbar(page, t.categoryCreated)).toBeVisible();
      await expect(page.getByTestId('categories-table').getByTestId('table-row').filter({ hasText: category })).toBeVisible();
      await shot(page, `${lang}-categories`);

      // A supplier, then chosen for the article.
      const supplier = uniqueName('Fournisseur');
      await page.goto(`/${lang}/app/fournisseur`);
      await page.getByTestId('new-supplier').click();
      const supplierDialog = page.getByTestId('supplier-dialog');
      await supplierDialog.getByLabel(t.supplier.raisonSociale).fill(supplier);
      await supplierDialog.getByLabel(t.supplier.telephone).fill('0707070707');
      await supplierDialog.getByLabel(t.supplier.adresse).fill('Zone 4, Marcory');
      await supplierDialog.getByTestId('dialog-submit').click();
      await expect(snackbar(page, t.supplierCreated)).toBeVisible();
      await expect(page.getByTestId('suppliers-table').getByTestId('table-row').filter({ hasText: supplier })).toBeVisible();

      await page.goto(`/${lang}/app/articles`);
      await expect(page.getByTestId('articles-table').getByTestId('table-row').first()).toBeVisible();
      // The demo catalogue has articles at their limit: the red chip and the message.
      await expect(snackbar(page, t.lowStock)).toBeVisible();
      await expect(page.getByTestId('limit-chip').first()).toBeVisible();
      await page.getByTestId('new-article').click();
      const dialog = page.getByTestId('article-dialog');
      const inputs = dialog.locator('input:not([type=hidden]), textarea');
      await inputs.nth(0).fill(designation); // designation
      await inputs.nth(1).fill('2500'); // selling price
      await inputs.nth(2).fill('1800'); // purchase price
      await dialog.getByTestId('article-depot').click();
      await page.getByRole('option', { name: t.depot }).click();
      await inputs.nth(4).fill('1'); // minimum
      await inputs.nth(5).fill('5'); // quantity
      await dialog.getByTestId('article-category').click();
      await page.getByRole('option', { name: category }).click();
      await dialog.getByTestId('article-supplier').click();
      await page.getByRole('option', { name: supplier }).click();
      await shot(page, `${lang}-article-dialog`);
      await dialog.getByTestId('dialog-submit').click();
      await expect(snackbar(page, t.articleCreated)).toBeVisible();

      await page.getByTestId('table-search').fill(designation);
      const row = page.getByTestId('articles-table').getByTestId('table-row').filter({ hasText: designation });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(category);
      await expect(row).toContainText('5');
      await shot(page, `${lang}-articles`);

      await row.locator('[data-testid^="row-view-"]').first().click();
      const detail = page.getByTestId('article-detail');
      await expect(detail).toContainText(t.depot);
      // The image is the director's (DECISIONS §1): no upload in the manager's detail, and the API refuses it.
      await expect(detail.getByTestId('article-image-upload')).toHaveCount(0);
      const idArticle = Number((await row.locator('[data-testid^="row-view-"]').first().getAttribute('data-testid'))!.replace('row-view-', ''));
      const image = { multipart: { file: { name: 'article.png', mimeType: 'image/png', buffer: proofPng(320, 240) } } };
      const byManager = await request.put(`/api/article/image/add/${idArticle}`, { headers: { authorization: `Bearer ${await apiToken(request, DEMO.manager)}` }, ...image });
      expect(byManager.status()).toBe(403);
      const byDirector = await request.put(`/api/article/image/add/${idArticle}`, { headers: { authorization: `Bearer ${await apiToken(request, DEMO.director)}` }, ...image });
      expect(byDirector.status(), await byDirector.text()).toBe(200);
      // Opened again, the detail shows it.
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
      await row.locator('[data-testid^="row-view-"]').first().click();
      await expect(detail.getByTestId('article-image')).toBeVisible();
      await expect
        .poll(() => detail.getByTestId('article-image').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(320);
      await shot(page, `${lang}-article-detail`);
      // On a phone, what each depot has available shows without scrolling sideways.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(detail.getByRole('columnheader', { name: lang === 'fr' ? 'Disponible' : 'Available' })).toBeInViewport({
        ratio: 1,
      });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    test(`a seller sees the articles but no edit action, and the API refuses their writes (${lang})`, async ({
      page,
      request,
    }) => {
      await signIn(page, lang, DEMO.seller);
      await page.goto(`/${lang}/app/articles`);
      const rows = page.getByTestId('articles-table').getByTestId('table-row');
      await expect(rows.first()).toBeVisible();
      await expect(page.getByTestId('new-article')).toHaveCount(0);
      await expect(page.getByTestId('articles-import')).toHaveCount(0);
      await expect(page.locator('[data-testid^="row-edit-"]')).toHaveCount(0);
      await expect(page.locator('[data-testid^="row-delete-"]')).toHaveCount(0);
      await expect(page.locator('[data-testid^="row-view-"]').first()).toBeVisible();
      await shot(page, `${lang}-articles-seller`);

      const token = await apiToken(request, DEMO.seller);
      const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lang };
      const me = (await (await request.get('/api/auth/me', { headers })).json().catch(() => null)) as {
        boutiques?: { idBoutique: number }[];
      } | null;
      const shopId = me?.boutiques?.[0]?.idBoutique ?? 1;
      const page1 = (await (await request.get(`/api/articles/page/${shopId}/1`, { headers })).json()) as {
        data: { idArticle: number }[];
      };
      const articleId = page1.data[0]!.idArticle;
      const writes = [
        request.post('/api/articles_all', {
          headers,
          data: { boutique: shopId, depot: 1, designation: 'X', prix: 1, prixAchat: 1, stockMin: 0, quantite: 1 },
        }),
        request.put(`/api/articles/${articleId}`, {
          headers,
          data: { boutique: shopId, designation: 'X', prix: 1, prixAchat: 1 },
        }),
        request.delete(`/api/articles/${articleId}`, { headers }),
        request.post('/api/categories', { headers, data: { libelle: 'X', boutique: shopId } }),
      ];
      for (const response of await Promise.all(writes)) {
        expect(response.status()).toBe(403);
        expect(((await response.json()) as { message: string }).message).toBe(t.forbidden);
      }
    });
  });
}
