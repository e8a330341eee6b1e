// A seller (seed 000 §2 menus by role, §6: only directors manage shops or change shop), in fr and en.
import { expect } from '@playwright/test';
import { apiToken, createDirector, DEMO, shot, shotAt, signIn, storedSession, test, type Lang } from '../support/app.js';

const TEXT = {
  fr: {
    welcome: 'Bienvenue, Fatou Diallo',
    seller: 'Vendeur',
    menu: { accueil: 'Accueil', facture: 'Factures', client: 'Clients', stock: 'Liste des articles', vente: 'Vente' },
    profile: 'Mon profil',
    logout: 'Déconnexion',
    forbiddenTitle: 'Accès refusé',
    forbidden: "Vous n'avez pas accès à cet écran.",
    back: "Retour à l'accueil",
    forbiddenApi: "Vous n'avez pas le droit d'effectuer cette action.",
    notMember: "Vous n'êtes pas membre de cette boutique.",
    openMenu: 'Ouvrir ou fermer le menu',
  },
  en: {
    welcome: 'Welcome, Fatou Diallo',
    seller: 'Seller',
    menu: { accueil: 'Home', facture: 'Invoices', client: 'Customers', stock: 'Article list', vente: 'Till' },
    profile: 'My profile',
    logout: 'Log out',
    forbiddenTitle: 'Access denied',
    forbidden: 'You do not have access to this screen.',
    back: 'Back to home',
    forbiddenApi: 'You are not allowed to do this.',
    notMember: 'You are not a member of this shop.',
    openMenu: 'Open or close the menu',
  },
} as const;

type ApiError = { code: string; message: string };

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test.describe(`seller (${lang})`, () => {
    test(`a seller goes straight home, has no shop screens, and /app/boutique answers no access (${lang})`, async ({ page }) => {
      await signIn(page, lang, DEMO.seller);
      await expect(page.getByTestId('shop-choice-dialog')).toHaveCount(0);
      await expect(page.getByTestId('home-title')).toHaveText(t.welcome);
      await expect(page.getByTestId('current-shop')).toHaveText('Boutique Plateau');
      await expect(page.getByTestId('user-initials')).toHaveText('FD');
      await expect(page.getByTestId('drawer-user')).toContainText(t.seller);
      expect(JSON.parse((await storedSession(page)).boutiqueId ?? 'null')).toEqual({ idBoutique: expect.any(Number) });

      // The seller's menu: home, and of the seller's screens (invoices, customers) those built so
      // far; never the shops, never a change of shop.
      await expect(page.getByTestId('menu-accueil')).toHaveText(t.menu.accueil);
      const entries = await page
        .locator('nav [data-testid^="menu-"]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute('data-testid'), link.textContent]));
      const allowed: Record<string, string> = {
        'menu-accueil': t.menu.accueil,
        'menu-facture': t.menu.facture,
        'menu-client': t.menu.client,
        // The till (DECISIONS §13), after the seed's menu.
        'menu-vente': t.menu.vente,
        // Sellers read the stock they sell from (DECISIONS §1).
        'menu-articlesPaginate': t.menu.stock,
      };
      for (const [id, label] of entries) expect(allowed[id ?? ''], `${id} in the seller's menu`).toBe(label);
      await expect(page.getByTestId('menu-boutique')).toHaveCount(0);
      await expect(page.getByTestId('change-shop')).toHaveCount(0);
      await expect(page.getByTestId('open-profile')).toHaveText(t.profile);
      await expect(page.getByTestId('logout')).toHaveText(t.logout);
      await expect(page.getByTestId('shortcut-boutique')).toHaveCount(0);
      await shot(page, `${lang}-home-seller`);

      // Typing the director's screen in the address bar.
      await page.goto(`/${lang}/app/boutique`);
      const noAccess = page.getByTestId('no-access');
      await expect(noAccess).toBeVisible();
      await expect(noAccess.getByText(t.forbiddenTitle)).toBeVisible();
      await expect(noAccess.getByText(t.forbidden)).toBeVisible();
      await expect(page.getByTestId('new-shop')).toHaveCount(0);
      await expect(page.getByTestId('table-row')).toHaveCount(0);
      await shot(page, `${lang}-no-access`);
      await noAccess.getByRole('link', { name: t.back }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/app/accueil$`));

      // The mobile drawer (below 769 px the menu is behind the burger): the same entries.
      await page.setViewportSize({ width: 375, height: 812 });
      const burger = page.getByRole('button', { name: t.openMenu });
      await expect(burger).toBeVisible();
      await expect(page.getByTestId('menu-accueil')).not.toBeInViewport();
      await burger.click();
      await expect(page.getByTestId('menu-accueil')).toBeInViewport();
      await expect(page.getByTestId('user-name')).toHaveText('Fatou Diallo');
      await expect(page.getByTestId('menu-boutique')).toHaveCount(0);
      await shotAt(page, `${lang}-drawer-mobile-seller`, 375);
      await burger.click();
      await expect(page.getByTestId('menu-accueil')).not.toBeInViewport();
    });

    test(`the API refuses the seller's shop calls (${lang})`, async ({ request }) => {
      const other = await createDirector(request, 'own');
      const signin = await request.post('/api/auth/signin', { data: { username: DEMO.seller, password: 'Demo1234' } });
      expect(signin.status()).toBe(200);
      const session = (await signin.json()) as {
        accessToken: string;
        user: { boutiques: { idBoutique: number; nom: string }[] };
      };
      const own = session.user.boutiques.map((shop) => shop.idBoutique);
      expect(session.user.boutiques.map((shop) => shop.nom)).toEqual(['Boutique Plateau']);
      const token = await apiToken(request, DEMO.seller);
      const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': lang };

      const create = await request.post('/api/boutiques', {
        headers,
        data: { nom: 'Boutique du vendeur', telephone: '12345678', adresse: 'Marché, Abidjan' },
      });
      expect(create.status()).toBe(403);
      expect((await create.json()) as ApiError).toMatchObject({ code: 'FORBIDDEN', message: t.forbiddenApi });

      const list = await request.get('/api/boutique/users/page/1', { headers });
      expect(list.status()).toBe(403);
      expect(((await list.json()) as ApiError).code).toBe('FORBIDDEN');

      // Even the seller's own shop cannot be changed or deleted.
      const update = await request.put(`/api/boutiques/${own[0]}`, {
        headers,
        data: { nom: 'Renommée', telephone: '12345678', adresse: 'Ailleurs' },
      });
      expect(update.status()).toBe(403);
      const remove = await request.delete(`/api/boutiques/${own[0]}`, { headers });
      expect(remove.status()).toBe(403);

      // A call the seller may make answers for their own shop, and not for another account's.
      const mine = await request.get(`/api/depot/page/${own[0]}/1`, { headers });
      expect(mine.status()).toBe(200);
      const theirs = await request.get(`/api/depot/page/${other.idBoutique}/1`, { headers });
      expect(theirs.status()).toBe(403);
      expect((await theirs.json()) as ApiError).toMatchObject({ code: 'NOT_SHOP_MEMBER', message: t.notMember });
      const theirUsers = await request.get(`/api/ligne_boutique_current_user/${other.idBoutique}`, { headers });
      expect(theirUsers.status()).toBe(403);
    });
  });
}
