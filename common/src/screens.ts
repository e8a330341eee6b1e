import type { Permission } from './permissions.js';
import { ROLE, type RoleId } from './roles.js';

/**
 * The protected screens of seed 000 §2 (paths under /{lang}/app/). `level` is the seeds'
 * permission level, kept as metadata only (DECISIONS §1); `roles` decides access and menus.
 * `menuKey` is the i18n key under `common:menu`.
 */
export type Screen = {
  path: string;
  level: number | null;
  roles: readonly RoleId[];
  menuKey: string;
  /** The permission the screen's main API calls need; the web guard checks it too. */
  permission?: Permission;
  /** Built in this version; other screens show in menus only once they exist. */
  available: boolean;
};

const { admin, director, manager, seller, cashier, warehouse } = ROLE;

export const SCREENS: readonly Screen[] = [
  { path: 'accueil', level: null, roles: [admin, director, manager, seller, cashier, warehouse], menuKey: 'accueil', available: true },
  { path: 'facture', level: 4, roles: [seller, director], menuKey: 'facture', available: false },
  { path: 'client', level: 4, roles: [seller, director], menuKey: 'client', available: false },
  { path: 'facture-non-solde', level: 4, roles: [cashier], menuKey: 'factureNonSolde', available: false },
  { path: 'facture-caissier', level: 4, roles: [cashier], menuKey: 'factureCaissier', available: false },
  { path: 'facture-livraison', level: 5, roles: [warehouse], menuKey: 'factureLivraison', available: false },
  { path: 'livraison', level: 5, roles: [warehouse], menuKey: 'livraison', available: false },
  { path: 'reception', level: 2, roles: [warehouse], menuKey: 'reception', available: false },
  { path: 'articles', level: 3, roles: [manager], menuKey: 'articles', available: false },
  { path: 'article-quantite-stock', level: 3, roles: [manager], menuKey: 'articleQuantiteStock', available: false },
  { path: 'article-quantite-sortie', level: 3, roles: [manager], menuKey: 'articleQuantiteSortie', available: false },
  { path: 'article-categorie', level: 2, roles: [manager], menuKey: 'articleCategorie', available: false },
  { path: 'categorie', level: 3, roles: [manager], menuKey: 'categorie', available: false },
  { path: 'fournisseur', level: 3, roles: [manager], menuKey: 'fournisseur', available: false },
  { path: 'boutique', level: 2, roles: [director], menuKey: 'boutique', permission: 'shops:manage', available: true },
  { path: 'depot', level: 4, roles: [director], menuKey: 'depot', permission: 'depots:manage', available: true },
  { path: 'chauffeur', level: 2, roles: [director], menuKey: 'chauffeur', available: false },
  { path: 'mouvement-articles', level: 3, roles: [director], menuKey: 'mouvementArticles', available: false },
  { path: 'type-facture', level: 3, roles: [director], menuKey: 'typeFacture', available: false },
  { path: 'client-meilleur', level: 2, roles: [director], menuKey: 'clientMeilleur', available: false },
  { path: 'utilisateur-boutique', level: 1, roles: [director], menuKey: 'utilisateurBoutique', permission: 'users:manage', available: true },
  { path: 'depot-user', level: 4, roles: [director], menuKey: 'depotUser', permission: 'depotUsers:manage', available: true },
  { path: 'canaux-clients', level: null, roles: [director], menuKey: 'canauxClients', permission: 'clientChannels:manage', available: true },
  { path: 'raport', level: 2, roles: [director], menuKey: 'raport', available: false },
  { path: 'utilisateur-admin', level: 2, roles: [admin], menuKey: 'utilisateurAdmin', permission: 'admin:admins', available: true },
  { path: 'utilisateur-directeur', level: 2, roles: [admin], menuKey: 'utilisateurDirecteur', permission: 'admin:directors', available: true },
  { path: 'utilisateur-activatedirecteur', level: 2, roles: [admin], menuKey: 'utilisateurActivatedirecteur', permission: 'admin:subscriptions', available: true },
];

export function screensFor(roles: readonly number[]): Screen[] {
  return SCREENS.filter((screen) => screen.roles.some((role) => roles.includes(role)));
}

export function findScreen(path: string): Screen | undefined {
  return SCREENS.find((screen) => screen.path === path);
}
