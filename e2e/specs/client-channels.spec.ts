// Which shop each public client sign-up page feeds (DECISIONS §9, app/canaux-clients), in fr
// and en. The demo routes s2asport to Boutique Plateau and win to Boutique Cocody; each journey
// closes one of them, lets a director of another account open it, and puts it back.
import { expect, type Page } from '@playwright/test';
import { apiToken, createDirector, DEMO, shot, signIn, snackbar, test, type Lang } from '../support/app.js';

const TEXT = {
  fr: {
    title: 'Inscription des clients en ligne',
    open: 'Ouverte',
    closed: 'Fermée',
    taken: 'Autre compte',
    feeds: (shop: string) => `Les clients inscrits rejoignent la boutique ${shop}.`,
    takenText: "Cette page alimente la boutique d'un autre compte : seul ce compte peut la modifier.",
    closeConfirm: 'Fermer',
    closedDone: "L'inscription sur cette page est fermée.",
    save: 'Enregistrer',
    saved: 'La boutique de la page a bien été enregistrée.',
  },
  en: {
    title: 'Online customer sign-up',
    open: 'Open',
    closed: 'Closed',
    taken: 'Other account',
    feeds: (shop: string) => `Customers who sign up join the shop ${shop}.`,
    takenText: 'This page feeds a shop of another account: only that account can change it.',
    closeConfirm: 'Close',
    closedDone: 'Sign-up on this page is closed.',
    save: 'Save',
    saved: "The page's shop has been saved.",
  },
} as const;

const JOURNEYS = [
  { lang: 'fr', channel: 'win', other: 's2asport', demoShop: 'Boutique Cocody' },
  { lang: 'en', channel: 's2asport', other: 'win', demoShop: 'Boutique Plateau' },
] as const;

async function openScreen(page: Page, lang: Lang) {
  // Not in the director's menu of seed 000 §2: reached from the home page's shortcuts.
  await page.getByTestId('menu-accueil').click();
  await page.getByTestId('shortcut-canaux-clients').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/app/canaux-clients$`));
  await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].title })).toBeVisible();
}

async function chooseShop(page: Page, lang: Lang, channel: string, shop: string) {
  await page.getByTestId(`channel-${channel}`).getByTestId('channel-choose').click();
  const dialog = page.getByTestId('channel-shop-dialog');
  await dialog.getByTestId('channel-shop-select').click();
  await page.getByRole('option', { name: shop, exact: true }).click();
  await dialog.getByRole('button', { name: TEXT[lang].save }).click();
  await expect(snackbar(page, TEXT[lang].saved)).toBeVisible();
}

for (const { lang, channel, other, demoShop } of JOURNEYS) {
  const t = TEXT[lang];

  test(`a director chooses the shop a public page feeds; another account cannot take it (${lang})`, async ({
    page,
    browser,
    request,
  }) => {
    const signUp = async () =>
      (
        await request.post(`/api/auth/clients/${channel}`, {
          data: {
            nom: 'Traore',
            prenom: 'Moussa',
            email: `${Date.now()}.${channel}@e2e.boutiko.test`,
            telephone: `07${String(Date.now()).slice(-8)}`,
            country: { id: 'CI' },
          },
        })
      ).status();

    // The demo director sees both pages open on their shops, and closes one.
    await signIn(page, lang, DEMO.director, undefined, demoShop);
    await openScreen(page, lang);
    const card = page.getByTestId(`channel-${channel}`);
    await expect(card.getByTestId('channel-status')).toHaveText(t.open);
    await expect(card.getByTestId('channel-shop')).toHaveText(t.feeds(demoShop));
    await shot(page, `client-channels-${lang}`);
    await card.getByTestId('channel-close').click();
    await page.getByTestId('confirm-delete-dialog').getByRole('button', { name: t.closeConfirm, exact: true }).click();
    await expect(snackbar(page, t.closedDone)).toBeVisible();
    await expect(card.getByTestId('channel-status')).toHaveText(t.closed);
    expect(await signUp()).toBe(503);

    // A director of another account opens it on their own shop; the demo's other page is not theirs to change.
    const director = await createDirector(request, 'chan');
    const otherContext = await browser.newContext();
    const directorPage = await otherContext.newPage();
    await signIn(directorPage, lang, director.username, director.password);
    await openScreen(directorPage, lang);
    const taken = directorPage.getByTestId(`channel-${other}`);
    await expect(taken.getByTestId('channel-status')).toHaveText(t.taken);
    await expect(taken.getByTestId('channel-shop')).toHaveText(t.takenText);
    await expect(taken.getByTestId('channel-choose')).toHaveCount(0);
    await expect(directorPage.getByText('Boutique Plateau')).toHaveCount(0);
    await chooseShop(directorPage, lang, channel, director.shopName);
    await expect(directorPage.getByTestId(`channel-${channel}`).getByTestId('channel-shop')).toHaveText(
      t.feeds(director.shopName),
    );
    await shot(directorPage, `client-channels-opened-${lang}`);
    expect(await signUp()).toBe(201);

    // Now the demo director cannot take it back: the screen offers nothing, the server refuses.
    await page.reload();
    await expect(card.getByTestId('channel-status')).toHaveText(t.taken);
    await expect(card.getByTestId('channel-choose')).toHaveCount(0);
    const demoToken = await apiToken(request, DEMO.director);
    const demoShops = (await (
      await request.get('/api/boutique_current_user', { headers: { Authorization: `Bearer ${demoToken}` } })
    ).json()) as {
      idBoutique: number;
      nom: string;
    }[];
    const demoShopId = demoShops.find((shop) => shop.nom === demoShop)!.idBoutique;
    const steal = await request.put(`/api/client-channels/${channel}`, {
      headers: { Authorization: `Bearer ${demoToken}` },
      data: { boutique: demoShopId },
    });
    expect(steal.status()).toBe(409);

    // Put the demo back as it was: the other director closes the page, the demo director reopens it.
    await directorPage.getByTestId(`channel-${channel}`).getByTestId('channel-close').click();
    await directorPage.getByTestId('confirm-delete-dialog').getByRole('button', { name: t.closeConfirm, exact: true }).click();
    await expect(directorPage.getByTestId(`channel-${channel}`).getByTestId('channel-status')).toHaveText(t.closed);
    await otherContext.close();
    await page.reload();
    await chooseShop(page, lang, channel, demoShop);
    await expect(card.getByTestId('channel-shop')).toHaveText(t.feeds(demoShop));
  });
}
