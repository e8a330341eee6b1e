import { ROLE, type RoleId } from './roles.js';

const { admin, director, manager, seller, cashier, warehouse } = ROLE;
const everyShopRole: RoleId[] = [director, manager, seller, cashier, warehouse];

/**
 * The one permission table (DECISIONS §1). The server refuses a route whose permission the
 * caller's roles do not grant; the web hides the same screens and actions with `can`.
 * Rights add up: a user holding several roles may do what any of them may.
 */
export const PERMISSIONS = {
  /** Signed in, any role: own profile, own shops, home screen. */
  'session:use': [admin, ...everyShopRole],
  'shops:list': [director],
  'shops:manage': [director],
  'depots:list': everyShopRole,
  'depots:manage': [director],
  'depotUsers:manage': [director],
  'users:manage': [director],
  /** Which of their shops each public client self-registration channel feeds (app/canaux-clients). */
  'clientChannels:manage': [director],
  'admin:directors': [admin],
  'admin:subscriptions': [admin],
  /** Other platform admins (app/utilisateur-admin). */
  'admin:admins': [admin],
  /** The account's plan, its end and its usage (the director's home). */
  'plan:read': [director],

  // Catalogue and stock (seed 001; DECISIONS §1, §5).
  /** Articles, stock lists, categories and suppliers as pickers and lists: everyone sells or stores from them. */
  'catalogue:read': everyShopRole,
  /** Categories, suppliers, articles (a manager's article edit leaves prices, minimum and quantity alone). */
  'catalogue:manage': [director, manager],
  /** Prices, purchase price, minimum and quantity of an article, its image and its deletion. */
  'articles:fullEdit': [director],
  'articles:delete': [director],
  /**
   * An article's purchase price (\`prixAchat\`) in what the API answers: those who price, count and
   * receive goods. A seller or cashier reads prices and stock, not the shop's margin (the field is
   * left out of their answers).
   */
  'articles:cost': [director, manager, warehouse],
  /** Stock additions, transfers between depots and stock counts. */
  'stock:manage': [director, manager],
  /** Stock prints and CSV export. */
  'stock:print': [director, manager],
  /** The stock movement history (app/mouvement-articles). */
  'movements:read': [director],
  'drivers:read': everyShopRole,
  'drivers:manage': [director],
  /** A driver added on the fly from the payment, delivery and reception dialogs. */
  'drivers:quickAdd': [director, seller, cashier, warehouse],
  'receptions:read': [director, manager, warehouse],
  'receptions:create': [director, warehouse],
  'receptions:delete': [director, manager],

  // Sales and cash (DECISIONS §1, §4, §6).
  'clients:read': [director, seller, cashier],
  'clients:manage': [director, seller, cashier],
  'clients:print': [director],
  'invoiceTypes:read': [director, manager, seller, cashier],
  'invoiceTypes:manage': [director],
  'invoices:read': [director, seller, cashier],
  'invoices:create': [director, seller, cashier],
  'invoices:delete': [director],
  /** The till (app/vente, POST /api/ventes): a whole sale with its payments in one command. */
  'sales:ring': [director, manager, seller, cashier],
  /** The cash desk: every unsettled and settled invoice of the shop. */
  'cashDesk:use': [director, cashier],
  'payments:read': [director, seller, cashier],
  'payments:create': [director, seller, cashier],
  'payments:correct': [director],
  /** The till's register picker: whoever rings sales (a manager too, issue 19 item 4). */
  'cashRegisters:read': [director, manager, seller, cashier],
  'cashRegisters:manage': [director],
  /** Invoices to deliver and deliveries made. */
  'deliveries:read': [director, warehouse],
  'deliveries:create': [director, warehouse],
  'deliveries:cancel': [director],
  /** The deliveries the caller made: with a payment at the cash desk (livrer ticked) or from the deliveries screen. */
  'deliveries:mine': [director, seller, cashier, warehouse],
  'bestClients:read': [director],
  /** The pre-payment / pre-delivery check (GET /api/check/commande/{id}): whoever pays or delivers. */
  'invoices:check': [director, seller, cashier, warehouse],

  // Dashboard, report, closings, audit (DECISIONS §1, §7).
  'reports:read': [director],
  /** A cashier closes their own register's day; directors read and close all. */
  'closings:use': [director, cashier],
  'audit:read': [director],

  // Legal documents (issue 21, DECISIONS §14).
  /** The shop's legal identity and VAT settings: the director edits, a manager reads. */
  'legal:read': [director, manager],
  'legal:manage': [director],
  /**
   * Credit notes (app/avoirs, GET /api/avoirs/*): directors every one of the shop, sellers and
   * cashiers those of their own invoices (RECORD_SCOPES.creditNotes). Not managers: a credit note
   * repeats its invoice (client, lines, amounts), and a manager sees no invoice (DECISIONS §1).
   */
  'creditNotes:read': [director, seller, cashier],
  /** Checking the hash chains of the shop's issued documents (app/controle-documents). */
  'documents:control': [director],
} as const satisfies Record<string, readonly RoleId[]>;

export type Permission = keyof typeof PERMISSIONS;

export type HasRoles = { roles: readonly number[] };

export function can(user: HasRoles | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  const allowed: readonly number[] = PERMISSIONS[permission];
  return user.roles.some((role) => allowed.includes(role));
}

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

/**
 * Own versus all (DECISIONS §1): for each kind of record, who sees every record of the shop
 * and who only the records they made. A role in neither list sees none.
 * Managers see every reception: they may delete receptions, which warehouse keepers make.
 */
export const RECORD_SCOPES = {
  invoices: { all: [director], own: [seller, cashier] },
  payments: { all: [director], own: [seller, cashier] },
  deliveries: { all: [director], own: [warehouse] },
  receptions: { all: [director, manager], own: [warehouse] },
  /** Credit notes (issue 21): as invoices, a director the shop's, sellers and cashiers those of their own invoices. */
  creditNotes: { all: [director], own: [seller, cashier] },
  /** Register closings: a cashier lists and prints the days they closed. */
  closings: { all: [director], own: [cashier] },
} as const satisfies Record<string, { all: readonly RoleId[]; own: readonly RoleId[] }>;

export type RecordScope = keyof typeof RECORD_SCOPES;

export function canSee(user: HasRoles | null | undefined, scope: RecordScope): 'all' | 'own' | 'none' {
  if (!user) return 'none';
  const { all, own }: { all: readonly number[]; own: readonly number[] } = RECORD_SCOPES[scope];
  if (user.roles.some((role) => all.includes(role))) return 'all';
  if (user.roles.some((role) => own.includes(role))) return 'own';
  return 'none';
}
