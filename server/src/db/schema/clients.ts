import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { shops } from './shops.js';

/** Customers of a shop (seed 001 Client), also fed by the public self-registration screens. */
export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email'),
    telephone: text('telephone').notNull(),
    adresse: text('adresse').notNull(),
    /** The customer's tax id (NINEA, NCC, ...), printed on issued invoices when given (issue 21). */
    taxId: text('tax_id'),
    /** ISO 3166-1 alpha-2 code of the country chosen at self-registration. */
    countryCode: text('country_code'),
    /** Public channel the client registered through (`s2asport`, `win`), null when added by staff. */
    channel: text('channel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('clients_shop_idx').on(t.shopId)],
);

/** Which shop each public client self-registration channel feeds (DECISIONS §9). */
export const clientChannels = pgTable('client_channels', {
  channel: text('channel').primaryKey(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
});
