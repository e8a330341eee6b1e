// Issue 7: a list's page and search term live in the address. A reload and the browser's Back
// keep them; a new page scrolls back to the top.
import { expect, type Page } from '@playwright/test';
import { apiToken, createDirector, signIn, test } from '../support/app.js';

const rows = (page: Page) => page.getByTestId('table-row');
const currentPage = (page: Page) => page.locator('[data-testid="page-button"][aria-current="page"]');

test('the shops list keeps its page and search in the address (fr)', async ({ page, request }) => {
  // 13 shops: two pages of 10.
  const director = await createDirector(request, 'url');
  const token = await apiToken(request, director.username, director.password);
  for (let index = 1; index <= 12; index += 1) {
    const side = index % 2 ? 'Nord' : 'Sud';
    const response = await request.post('/api/boutiques', {
      headers: { Authorization: `Bearer ${token}` },
      data: { nom: `Boutique ${side} ${String(index).padStart(2, '0')}`, telephone: '27200000', adresse: 'Abidjan' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 520 });
  await signIn(page, 'fr', director.username, director.password, director.shopName);
  await page.getByTestId('menu-boutique').click();
  await expect(page).toHaveURL(/\/fr\/app\/boutique$/);
  await expect(rows(page)).toHaveCount(10);
  await expect(currentPage(page)).toHaveText('1');

  // Page 2 from the bottom of the list: the address says it and the window is back at the top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId('page-button').filter({ hasText: '2' }).click();
  await expect(page).toHaveURL(/\/fr\/app\/boutique\?page=2$/);
  await expect(rows(page)).toHaveCount(3);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // A reload keeps the page; Back returns to page 1, Forward to page 2.
  await page.reload();
  await expect(currentPage(page)).toHaveText('2');
  await expect(rows(page)).toHaveCount(3);
  await page.goBack();
  await expect(page).toHaveURL(/\/fr\/app\/boutique$/);
  await expect(currentPage(page)).toHaveText('1');
  await expect(rows(page)).toHaveCount(10);
  await page.goForward();
  await expect(currentPage(page)).toHaveText('2');

  // A search starts at page 1 and is in the address too.
  const search = page.getByTestId('table-search');
  await search.fill('Nord');
  await expect(page).toHaveURL(/\/fr\/app\/boutique\?q=Nord$/);
  await expect(rows(page)).toHaveCount(6);
  await expect(page.getByTestId('pager')).toHaveCount(0);
  await page.reload();
  await expect(search).toHaveValue('Nord');
  await expect(rows(page)).toHaveCount(6);

  // Another screen and Back: the list comes back as it was left.
  await page.getByTestId('menu-accueil').click();
  await expect(page).toHaveURL(/\/fr\/app\/accueil$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/fr\/app\/boutique\?q=Nord$/);
  await expect(search).toHaveValue('Nord');
  await expect(rows(page)).toHaveCount(6);
  await expect(rows(page).filter({ hasText: 'Sud' })).toHaveCount(0);

  // A link with a page past the end shows the last page, and the address follows.
  await page.goto('/fr/app/boutique?page=9');
  await expect(currentPage(page)).toHaveText('2');
  await expect(page).toHaveURL(/\/fr\/app\/boutique\?page=2$/);

  // Clearing the search shows everything again from page 1.
  await page.goto('/fr/app/boutique?q=Sud&page=1');
  await expect(search).toHaveValue('Sud');
  await expect(rows(page)).toHaveCount(6);
  await search.fill('');
  await expect(page).toHaveURL(/\/fr\/app\/boutique$/);
  await expect(rows(page)).toHaveCount(10);
});
