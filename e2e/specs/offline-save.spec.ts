// Issue 7: a save without network ends with an "offline, try again" message in the dialog
// instead of spinning forever; it can be cancelled while it waits; trying again sends the same
// Idempotency-Key, so a save whose answer was lost is never written twice.
import { expect, type Request } from '@playwright/test';
import { apiToken, createDirector, shot, signIn, snackbar, test, uniqueName } from '../support/app.js';

const TEXT = {
  fr: {
    offline: 'Pas de réponse du serveur',
    kept: 'Vérifiez votre connexion, puis réessayez. Ce que vous avez saisi est conservé.',
    retry: 'Réessayer',
    save: 'Enregistrer',
    created: 'La boutique a bien été créée.',
    deleted: 'La boutique a bien été supprimée.',
    nom: 'Nom',
    telephone: 'Téléphone',
    adresse: 'Adresse',
  },
  en: {
    offline: 'No answer from the server',
    kept: 'Check your connection, then try again. What you entered is kept.',
    retry: 'Retry',
    save: 'Save',
    created: 'The shop has been created.',
    deleted: 'The shop has been deleted.',
    nom: 'Name',
    telephone: 'Phone',
    adresse: 'Address',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  const t = TEXT[lang];

  test(`a shop saved without network says so, is tried again with the same key, and saves (${lang})`, async ({
    page,
    context,
    request,
  }) => {
    const director = await createDirector(request, 'off');
    await signIn(page, lang, director.username, director.password);
    await page.goto(`/${lang}/app/boutique`);
    await expect(page.getByTestId('table-row')).toHaveCount(1);

    await page.getByTestId('new-shop').click();
    const dialog = page.getByTestId('shop-dialog');
    const name = `Boutique ${uniqueName('hors')}`;
    await dialog.getByLabel(t.nom, { exact: true }).fill(name);
    await dialog.getByLabel(t.telephone, { exact: true }).fill('27215566');
    await dialog.getByLabel(t.adresse, { exact: true }).fill('Marché de Treichville, Abidjan');

    // No network: the message shows in the dialog within moments, the form keeps its values.
    await context.setOffline(true);
    const submit = dialog.getByTestId('dialog-submit');
    await submit.click();
    const offline = dialog.getByTestId('dialog-offline');
    await expect(offline).toBeVisible({ timeout: 5_000 });
    await expect(offline).toContainText(t.offline);
    await expect(offline).toContainText(t.kept);
    await expect(submit).toHaveText(t.retry);
    await expect(submit).toBeEnabled();
    await expect(dialog.getByLabel(t.nom, { exact: true })).toHaveValue(name);
    await shot(page, `offline-save-${lang}`);
    await context.setOffline(false);

    // The answer of the next try is lost on the way (connection dropped): same message; the
    // try after it succeeds. Both carry the same Idempotency-Key.
    const keys: string[] = [];
    await page.route('**/api/boutiques', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await submit.click();
    await expect(offline).toBeVisible();
    await expect(submit).toHaveText(t.retry);
    await submit.click();
    await expect(snackbar(page, t.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await page.unroute('**/api/boutiques');
    await expect(page.getByTestId('table-row').filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByTestId('table-row')).toHaveCount(2);

    // The next shop is another action: a new key.
    await page.getByTestId('new-shop').click();
    await expect(submit).toHaveText(t.save);
    await expect(offline).toHaveCount(0);
    await dialog.getByLabel(t.nom, { exact: true }).fill(`${name} 2`);
    await dialog.getByLabel(t.telephone, { exact: true }).fill('27215567');
    await dialog.getByLabel(t.adresse, { exact: true }).fill('Adjamé, Abidjan');
    const saved = page.waitForRequest((candidate: Request) => candidate.url().endsWith('/api/boutiques'));
    await submit.click();
    expect((await saved).headers()['idempotency-key']).not.toBe(keys[0]);
    // The first shop's snackbar may still be showing.
    await expect(snackbar(page, t.created).last()).toBeVisible();
    await expect(page.getByTestId('table-row')).toHaveCount(3);
  });

  test(`a save waiting for an answer can be cancelled, and a delete without network says so (${lang})`, async ({
    page,
    context,
    request,
  }) => {
    const director = await createDirector(request, 'can');
    await signIn(page, lang, director.username, director.password);
    await page.goto(`/${lang}/app/boutique`);
    await expect(page.getByTestId('table-row')).toHaveCount(1);

    // The server is slow to answer: the spinner shows, Cancel still closes the dialog, and the
    // late failure shows nothing.
    await page.route('**/api/boutiques', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.abort('timedout');
    });
    await page.getByTestId('new-shop').click();
    const dialog = page.getByTestId('shop-dialog');
    await dialog.getByLabel(t.nom, { exact: true }).fill(`Boutique ${uniqueName('lent')}`);
    await dialog.getByLabel(t.telephone, { exact: true }).fill('27215568');
    await dialog.getByLabel(t.adresse, { exact: true }).fill('Yopougon, Abidjan');
    await dialog.getByTestId('dialog-submit').click();
    await expect(dialog.getByTestId('dialog-submit')).toHaveAttribute('data-loading', 'true');
    await dialog.getByTestId('dialog-cancel').click();
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(2_000);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await page.unroute('**/api/boutiques');

    // A second shop to delete, created through the API.
    const token = await apiToken(request, director.username, director.password);
    const created = await request.post('/api/boutiques', {
      headers: { Authorization: `Bearer ${token}` },
      data: { nom: 'Boutique à supprimer', telephone: '27215569', adresse: 'Cocody, Abidjan' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    const row = page.getByTestId('table-row').filter({ hasText: 'Boutique à supprimer' });
    await expect(row).toHaveCount(1);
    await row.locator('[data-testid^="row-delete-"]').click();
    const confirm = page.getByTestId('confirm-delete-dialog');
    await context.setOffline(true);
    await confirm.getByTestId('confirm-delete').click();
    await expect(confirm.getByTestId('dialog-offline')).toContainText(t.offline);
    await expect(confirm.getByTestId('confirm-delete')).toHaveText(t.retry);
    await context.setOffline(false);
    await confirm.getByTestId('confirm-delete').click();
    await expect(snackbar(page, t.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);
  });
}
