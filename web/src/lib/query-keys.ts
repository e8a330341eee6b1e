import type { Language } from '@app/common/languages';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Every TanStack Query key of the app, in one place (TkDodo's query key factories): a
 * feature's queries read their key here and its mutations invalidate through it, so that a
 * list another feature shows (the depot-user screen shows depots and usernames) is named once
 * instead of being copied by value. Each entity has an `all` prefix; invalidating it reloads
 * every list, page and picker of that entity.
 */
export const queryKeys = {
  /** Live existence checks (e-mail, username, phone); cleared once a registration takes them. */
  exists: {
    all: ['exists'] as const,
    check: (kind: readonly string[], value: string) => ['exists', ...kind, value] as const,
  },
  /** The plans with their counts and yearly price (public; rarely change). */
  plans: ['plans'] as const,
  /** The activation phone numbers of the server's configuration (public). */
  activationContact: ['activation-contact'] as const,
  /** The director's plan and its usage (home page); every shop, depot or user change moves it. */
  planUsage: ['plan-usage'] as const,
  countries: (lang: Language) => ['countries', lang] as const,
  /** The shop a public client channel registers into (public). */
  channelShop: (channel: string) => ['channel-shop', channel] as const,
  roles: { assignable: ['roles', 'director'] as const },
  shops: {
    all: ['shops'] as const,
    /** The director's shops table (paged). */
    list: ['shops', 'list'] as const,
    /** The caller's shops, offered by user and depot forms. */
    mine: ['shops', 'mine'] as const,
  },
  depots: {
    all: ['depots'] as const,
    list: (idBoutique: number) => ['depots', 'list', idBoutique] as const,
    /** Every depot of a shop, for pickers. */
    options: (idBoutique: number) => ['depots', 'options', idBoutique] as const,
  },
  depotUsers: {
    all: ['depot-users'] as const,
    list: (idBoutique: number) => ['depot-users', 'list', idBoutique] as const,
  },
  shopUsers: {
    all: ['shop-users'] as const,
    list: (idBoutique: number) => ['shop-users', 'list', idBoutique] as const,
    /** Every user of a shop, for pickers. */
    options: (idBoutique: number) => ['shop-users', 'options', idBoutique] as const,
    /** Every user of the director's account (those in no shop show under the shop's users). */
    account: ['shop-users', 'account'] as const,
  },
  // Suppliers, drivers and receptions (seed 001).
  suppliers: {
    all: ['suppliers'] as const,
    list: (idBoutique: number) => ['suppliers', 'list', idBoutique] as const,
    options: (idBoutique: number) => ['suppliers', 'options', idBoutique] as const,
  },
  drivers: {
    all: ['drivers'] as const,
    list: (idBoutique: number) => ['drivers', 'list', idBoutique] as const,
    options: (idBoutique: number) => ['drivers', 'options', idBoutique] as const,
  },
  receptions: {
    all: ['receptions'] as const,
    list: (idBoutique: number) => ['receptions', 'list', idBoutique] as const,
    /** Articles offered by the reception dialog (a search); stock lists show what a reception changed. */
    articleOptions: (idBoutique: number) => ['receptions', 'articles', idBoutique] as const,
  },
  admin: {
    admins: ['admin', 'admins'] as const,
    directors: ['admin', 'directors'] as const,
    subscriptionLines: ['admin', 'subscription-lines'] as const,
  },
  /** Dashboard, stock evaluation, report and charts of a shop; the consolidated view of all shops. */
  reports: {
    all: ['reports'] as const,
    dashboard: (idBoutique: number) => ['reports', 'dashboard', idBoutique] as const,
    evaluation: (idBoutique: number) => ['reports', 'evaluation', idBoutique] as const,
    period: (idBoutique: number, start: string, end: string) => ['reports', 'period', idBoutique, start, end] as const,
    charts: (idBoutique: number, start: string, end: string) => ['reports', 'charts', idBoutique, start, end] as const,
    vat: (idBoutique: number, start: string, end: string) => ['reports', 'vat', idBoutique, start, end] as const,
    consolidated: (start: string, end: string) => ['reports', 'consolidated', start, end] as const,
  },
  /** Categories and articles of a shop (catalogue): lists, pickers and images. */
  categories: {
    all: ['categories'] as const,
    list: (idBoutique: number) => ['categories', 'list', idBoutique] as const,
    options: (idBoutique: number) => ['categories', 'options', idBoutique] as const,
  },
  articles: {
    all: ['articles'] as const,
    list: (idBoutique: number) => ['articles', 'list', idBoutique] as const,
    detail: (idArticle: number) => ['articles', 'detail', idArticle] as const,
    image: (file: string | null) => ['articles', 'image', file] as const,
    suppliers: (idBoutique: number) => ['articles', 'suppliers', idBoutique] as const,
  },
  /** Stock lists, movements and counts (any stock write invalidates `all`). */
  stock: {
    all: ['stock'] as const,
    list: (idBoutique: number, view: string, depot = 0, categorie = 0) =>
      ['stock', 'list', idBoutique, view, depot, categorie] as const,
    movements: (idBoutique: number) => ['stock', 'movements', idBoutique] as const,
    categories: (idBoutique: number) => ['stock', 'categories', idBoutique] as const,
  },
  /** Sales: a shop's clients, invoice types and invoices (lists, pickers, cash desk). */
  clients: {
    all: ['clients'] as const,
    list: (idBoutique: number) => ['clients', 'list', idBoutique] as const,
    options: (idBoutique: number) => ['clients', 'options', idBoutique] as const,
    /** A client's statement: their invoices, payments and balance (any sale or payment moves it). */
    statement: (idClient: number) => ['clients', 'statement', idClient] as const,
  },
  invoiceTypes: {
    all: ['invoice-types'] as const,
    list: ['invoice-types', 'list'] as const,
    options: ['invoice-types', 'options'] as const,
  },
  invoices: {
    all: ['invoices'] as const,
    list: (idBoutique: number, own: boolean) => ['invoices', 'list', idBoutique, own] as const,
    /** One invoice with its issued document's fields (status, VAT, credit notes). */
    detail: (idFacture: number) => ['invoices', 'detail', idFacture] as const,
  },
  /** Stock of one depot, searched by the invoice dialog's article picker. */
  saleArticles: (idBoutique: number, idDepot: number) => ['stock', 'sale-articles', idBoutique, idDepot] as const,
  /** Cash desk: invoices to pay and deliver, payments, deliveries, registers, best clients. */
  cashDesk: {
    all: ['cash-desk'] as const,
    list: (screen: string, idBoutique: number) => ['cash-desk', screen, idBoutique] as const,
    history: (idFacture: number) => ['cash-desk', 'history', idFacture] as const,
    bestClients: (idBoutique: number) => ['cash-desk', 'best-clients', idBoutique] as const,
    registersAll: ['cash-registers'] as const,
    registers: (idBoutique: number) => ['cash-registers', idBoutique] as const,
  },
  /** The manager's review of offline sales (app/ecarts, read-only). */
  stockDiscrepancies: {
    list: (idBoutique: number) => ['stock-discrepancies', 'list', idBoutique] as const,
    sales: (idBoutique: number) => ['stock-discrepancies', 'sales', idBoutique] as const,
    refused: (idBoutique: number) => ['stock-discrepancies', 'refused', idBoutique] as const,
  },
  /** The audit trail (read-only). */
  audit: { list: (idBoutique: number) => ['audit', 'list', idBoutique] as const },
  /** Register closings (clôture de caisse): the day's preview and the past closings. */
  closings: {
    all: ['closings'] as const,
    registers: (idBoutique: number) => ['closings', 'registers', idBoutique] as const,
    preview: (idCaisse: number, date: string) => ['closings', 'preview', idCaisse, date] as const,
    list: (idBoutique: number, page: number) => ['closings', 'list', idBoutique, page] as const,
  },
  /** Legal documents (issue 21): a shop's legal identity, credit notes, the chain check, a public verification. */
  legal: {
    all: ['legal'] as const,
    identity: (idBoutique: number) => ['legal', 'identity', idBoutique] as const,
    creditNotes: (idBoutique: number) => ['legal', 'credit-notes', idBoutique] as const,
    control: (idBoutique: number) => ['legal', 'control', idBoutique] as const,
    verification: (code: string) => ['legal', 'verification', code] as const,
  },
  /** Proof images fetched as blobs, by path. */
  proofImage: {
    all: ['proof-image'] as const,
    of: (path: string | null) => ['proof-image', path] as const,
  },
} as const;

/**
 * What a mutation calls on success: invalidates every given key (each a prefix), so that the
 * lists showing the changed records reload.
 */
export function useInvalidate(): (...keys: QueryKey[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (...keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );
}
