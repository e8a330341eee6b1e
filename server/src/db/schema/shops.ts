import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nom: text('nom').notNull(),
    telephone: text('telephone').notNull(),
    adresse: text('adresse').notNull(),
    /** The director account that owns the shop; plan limits count per account. */
    accountId: integer('account_id').notNull().references(() => users.id),
    timeZone: text('time_zone').notNull().default('Africa/Abidjan'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('shops_account_idx').on(t.accountId)],
);

/** Membership of a user in a shop (the seeds' ligne boutique). */
export const shopMembers = pgTable(
  'shop_members',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId] }), index('shop_members_user_idx').on(t.userId)],
);

export const depots = pgTable(
  'depots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    libelle: text('libelle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('depots_shop_idx').on(t.shopId)],
);

/** Assignment of a user to a depot (the seeds' ligne depot, depotsPK). */
export const depotUsers = pgTable(
  'depot_users',
  {
    depotId: integer('depot_id').notNull().references(() => depots.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.depotId, t.userId] }), index('depot_users_shop_idx').on(t.shopId)],
);
