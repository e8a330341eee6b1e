import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiToken, registerPendingDirector, shot, shotAt, signIn, snackbar, test, type Lang } from '../support/app.js';

/** Journey (a): the admin checks the proof of a pending registration, activates it and changes its period. */

const TEXT = {
  fr: {
    pending: 'En attente',
    active: 'Active',
    activated: (username: string) => `Le compte de ${username} a bien été activé.`,
    twoYears: '2 ans',
    saved: "L'abonnement a bien été modifié.",
  },
  en: {
    pending: 'Pending',
    active: 'Active',
    activated: (username: string) => `${username}'s account has been activated.`,
    twoYears: '2 years',
    saved: 'The subscription has been updated.',
  },
} as const;

/**
 * The web's date format (seed 000 §9): DD/MM/YYYY in French, YYYY/MM/DD in English, in the
 * shop's zone, never the browser's. The admin has no shop: the default zone, Africa/Abidjan,
 * which is UTC all year.
 */
function shownDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return lang === 'en' ? `${date.getUTCFullYear()}/${mm}/${dd}` : `${dd}/${mm}/${date.getUTCFullYear()}`;
}

// A browser whose calendar day is not Abidjan's at this hour: 14 hours ahead from 10:00 UTC on
// (already the next day), 11 hours behind before (still the previous day).
test.use({ timezoneId: new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago' });

/** A second browser with its own storage, for a second signed-in user. */
async function otherClient(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

type Line = { idLigne: number; days: number; startsAt: string | null; endsAt: string | null; status: string };

for (const lang of ['fr', 'en'] as const) {
  test(`the admin views the proof, activates a pending director and changes the period (${lang})`, async ({
    page,
    request,
    browser,
  }) => {
    const text = TEXT[lang];
    const director = await registerPendingDirector(request, { prefix: `act${lang}` });

    // Not activated yet: the director's sign-in is refused with a message that says so.
    const refused = await request.post('/api/auth/signin', {
      data: { username: director.username, password: director.password },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('ACCOUNT_INACTIVE');

    await signIn(page, lang, ADMIN.username, ADMIN.password);
    await page.getByTestId('menu-utilisateur-activatedirecteur').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/utilisateur-activatedirecteur$`));
    const table = page.getByTestId('subscriptions-table');
    await table.getByTestId('table-search').fill(director.username);
    const row = table.getByTestId('table-row').filter({ hasText: director.username });
    await expect(row).toHaveCount(1);
    await expect(table.getByTestId('table-row')).toHaveCount(1);
    await expect(row.getByTestId('status-chip')).toHaveText(text.pending);

    // The proof needs the bearer token: fetched as a blob and shown through an object URL.
    const thumbnail = page.getByTestId(`proof-${director.idLigne}`);
    await expect(thumbnail.locator('img')).toHaveAttribute('src', /^blob:/);
    await shot(page, `accounts-subscriptions-${lang}`);
    await thumbnail.click();
    const gallery = page.getByTestId('proof-gallery');
    const image = gallery.getByTestId('proof-image');
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await expect(gallery).toContainText(`${director.prenom} ${director.nom}`);
    await shot(page, `accounts-proof-gallery-${lang}`);
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();

    // Activer: a success message, the list reloads, the button is done.
    const activate = page.getByTestId(`activate-${director.idLigne}`);
    await expect(activate).toBeEnabled();
    await activate.click();
    // Activer asks first, with the plan's price (issue 7).
    const confirm = page.getByTestId('activate-confirm');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(director.username);
    await expect(page.getByTestId('activate-price')).toContainText('15 000 FCFA');
    await shotAt(page, `accounts-activate-confirm-${lang}`, 1280);
    await page.getByTestId('activate-confirm-button').click();
    await expect(snackbar(page, text.activated(director.username))).toBeVisible();
    await expect(row.getByTestId('status-chip')).toHaveText(text.active);
    await expect(activate).toBeDisabled();
    await expect(activate).toHaveText(text.active);

    // The plan-and-period dialog saves (DECISIONS §10): 2 years.
    await page.getByTestId(`row-plan-${director.idLigne}`).click();
    const dialog = page.getByTestId('subscription-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByText(text.twoYears, { exact: true }).click();
    await shot(page, `accounts-subscription-dialog-${lang}`);
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, text.saved)).toBeVisible();
    await expect(dialog).toBeHidden();

    const adminToken = await apiToken(request, ADMIN.username, ADMIN.password);
    const answer = await request.get(`/api/ligne/abonnement/1/${director.username}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const line = ((await answer.json()) as { data: Line[] }).data.find((candidate) => candidate.idLigne === director.idLigne);
    expect(line).toMatchObject({ days: 730, status: 'active' });
    // Two calendar years: the same day two years on, 29 February counted.
    const twoYearsOn = new Date(line!.startsAt!);
    twoYearsOn.setUTCFullYear(twoYearsOn.getUTCFullYear() + 2);
    expect(Date.parse(line!.endsAt!)).toBe(twoYearsOn.getTime());
    const period = page.getByTestId(`period-${director.idLigne}`);
    await expect(period).toContainText(text.twoYears);
    await expect(period).toContainText(shownDate(line!.endsAt!, lang));

    // The director can sign in now.
    const directorPage = await otherClient(browser);
    await signIn(directorPage, lang, director.username, director.password);
    await expect(directorPage.getByTestId('home-title')).toBeVisible();
    await expect(directorPage.getByTestId('current-shop')).toHaveText(director.shopName);
    await directorPage.context().close();
  });
}
