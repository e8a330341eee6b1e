import type { Permission } from './permissions.js';
import { ROLE, type RoleId } from './roles.js';

/**
 * The protected screens of seed 000 §2 and seed 001 §2 (paths under /{lang}/app/). Access is the
 * screen's `permission` alone (the table of `permissions.ts`; DECISIONS §1); `level` is the seeds'
 * permission level, kept as metadata only. `inMenuOf` says in which roles' menus of seed 000 §2
 * the screen appears: presentation, never access. `menuKey` is the i18n key under `common:menu`.
 */
export type Screen = {
  path: string;
  level: number | null;
  permission: Permission;
  inMenuOf: readonly RoleId[];
  menuKey: string;
  /** Built in this version; the others show the "coming soon" page. */
  available: boolean;
};

const { admin, director, manager, seller, cashier, warehouse } = ROLE;

export const SCREENS: readonly Screen[] = [
  { path: 'accueil', level: null, permission: 'session:use', inMenuOf: [admin, director, manager, seller, cashier, warehouse], menuKey: 'accueil', available: true },
  // The till (DECISIONS §13): one sale, one command.
  { path: 'vente', level: 4, permission: 'sales:ring', inMenuOf: [director, manager, seller, cashier], menuKey: 'vente', available: true },
  { path: 'facture', level: 4, permission: 'invoices:read', inMenuOf: [seller], menuKey: 'facture', available: true },
  { path: 'client', level: 4, permission: 'clients:read', inMenuOf: [seller, director], menuKey: 'client', available: true },
  { path: 'facture-non-solde', level: 4, permission: 'cashDesk:use', inMenuOf: [cashier], menuKey: 'factureNonSolde', available: true },
  { path: 'facture-caissier', level: 4, permission: 'cashDesk:use', inMenuOf: [cashier], menuKey: 'factureCaissier', available: true },
  { path: 'facture-solde', level: 5, permission: 'cashDesk:use', inMenuOf: [], menuKey: 'factureSolde', available: true },
  { path: 'factures-payees', level: 3, permission: 'payments:read', inMenuOf: [], menuKey: 'facturesPayees', available: true },
  { path: 'facture-livraison', level: 5, permission: 'deliveries:create', inMenuOf: [warehouse], menuKey: 'factureLivraison', available: true },
  { path: 'livraison', level: 5, permission: 'deliveries:read', inMenuOf: [warehouse], menuKey: 'livraison', available: true },
  { path: 'reception', level: 2, permission: 'receptions:read', inMenuOf: [warehouse], menuKey: 'reception', available: true },
  { path: 'articles', level: 3, permission: 'catalogue:read', inMenuOf: [manager], menuKey: 'articles', available: true },
  { path: 'articlesPaginate', level: 3, permission: 'catalogue:read', inMenuOf: [], menuKey: 'articlesPaginate', available: true },
  { path: 'article-quantite-stock', level: 3, permission: 'catalogue:read', inMenuOf: [manager], menuKey: 'articleQuantiteStock', available: true },
  { path: 'article-quantite-sortie', level: 3, permission: 'catalogue:read', inMenuOf: [manager], menuKey: 'articleQuantiteSortie', available: true },
  { path: 'article-categorie', level: 2, permission: 'catalogue:read', inMenuOf: [manager], menuKey: 'articleCategorie', available: true },
  { path: 'categorie', level: 3, permission: 'catalogue:manage', inMenuOf: [manager], menuKey: 'categorie', available: true },
  { path: 'fournisseur', level: 3, permission: 'catalogue:manage', inMenuOf: [manager], menuKey: 'fournisseur', available: true },
  { path: 'inventaire', level: 2, permission: 'stock:manage', inMenuOf: [], menuKey: 'inventaire', available: true },
  { path: 'boutique', level: 2, permission: 'shops:manage', inMenuOf: [director], menuKey: 'boutique', available: true },
  { path: 'depot', level: 4, permission: 'depots:manage', inMenuOf: [director], menuKey: 'depot', available: true },
  { path: 'chauffeur', level: 2, permission: 'drivers:manage', inMenuOf: [director], menuKey: 'chauffeur', available: true },
  { path: 'mouvement-articles', level: 3, permission: 'movements:read', inMenuOf: [director], menuKey: 'mouvementArticles', available: true },
  { path: 'type-facture', level: 3, permission: 'invoiceTypes:manage', inMenuOf: [director], menuKey: 'typeFacture', available: true },
  { path: 'client-meilleur', level: 2, permission: 'bestClients:read', inMenuOf: [director], menuKey: 'clientMeilleur', available: true },
  { path: 'utilisateur-boutique', level: 1, permission: 'users:manage', inMenuOf: [director], menuKey: 'utilisateurBoutique', available: true },
  { path: 'depot-user', level: 4, permission: 'depotUsers:manage', inMenuOf: [director], menuKey: 'depotUser', available: true },
  { path: 'raport', level: 2, permission: 'reports:read', inMenuOf: [director], menuKey: 'raport', available: true },
  { path: 'utilisateur-admin', level: 2, permission: 'admin:admins', inMenuOf: [admin], menuKey: 'utilisateurAdmin', available: true },
  { path: 'utilisateur-directeur', level: 2, permission: 'admin:directors', inMenuOf: [admin], menuKey: 'utilisateurDirecteur', available: true },
  { path: 'utilisateur-activatedirecteur', level: 2, permission: 'admin:subscriptions', inMenuOf: [admin], menuKey: 'utilisateurActivatedirecteur', available: true },
  { path: 'caisse', level: 2, permission: 'cashRegisters:manage', inMenuOf: [], menuKey: 'caisse', available: true },
  // Reached from the home shortcuts and the cash desk: the menus stay as seed 000 §2 lists them.
  { path: 'cloture-caisse', level: 5, permission: 'closings:use', inMenuOf: [], menuKey: 'clotureCaisse', available: true },
  // The audit trail, from the director's home shortcuts (issue 12).
  { path: 'journal-audit', level: 2, permission: 'audit:read', inMenuOf: [], menuKey: 'journalAudit', available: true },
  // What the server did with sales made offline (DECISIONS §13, issue 20): discrepancies, late sales, changed prices.
  { path: 'ecarts', level: 3, permission: 'stock:manage', inMenuOf: [director, manager], menuKey: 'ecarts', available: true },
  // Legal documents (issue 21): credit notes and the chain check, from the home shortcuts.
  // Credit notes (the server's GET /api/avoirs/*, creditNotes:read): directors all, sellers and cashiers their own (not managers, who see no invoice).
  { path: 'avoirs', level: 3, permission: 'creditNotes:read', inMenuOf: [], menuKey: 'avoirs', available: true },
  { path: 'controle-documents', level: 2, permission: 'documents:control', inMenuOf: [], menuKey: 'controleDocuments', available: true },
  { path: 'canaux-clients', level: null, permission: 'clientChannels:manage', inMenuOf: [], menuKey: 'canauxClients', available: true },
];

export function findScreen(path: string): Screen | undefined {
  return SCREENS.find((screen) => screen.path === path);
}
