import { sql } from 'drizzle-orm';
import { bytea } from './types.js';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  label: text('label').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-case (DECISIONS §2). */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email'),
    telephone: text('telephone'),
    active: boolean('active').notNull().default(true),
    /** The director account whose subscription this user counts against (null for admins and directors). */
    accountId: integer('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    index('users_account_idx').on(t.accountId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: smallint('role_id').notNull().references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** sha256 of the bearer token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Subscription plans (the seeds' abonnements): Bronze 2, Argent 3, Personaliser 4. */
export const plans = pgTable('plans', {
  id: smallint('id').primaryKey(),
  label: text('label').notNull(),
  priceFcfa: bigint('price_fcfa', { mode: 'number' }),
  shops: integer('shops'),
  depots: integer('depots'),
  users: integer('users'),
});

/** One subscription request or period of a director account (the seeds' ligne abonnement). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    planId: smallint('plan_id').notNull().references(() => plans.id),
    shops: integer('shops').notNull(),
    depots: integer('depots').notNull(),
    users: integer('users').notNull(),
    invoices: integer('invoices'),
    days: integer('days').notNull(),
    /** Price agreed for the period; set by the admin for Personaliser quotes. */
    priceFcfa: bigint('price_fcfa', { mode: 'number' }),
    proofFileId: integer('proof_file_id'),
    status: text('status', { enum: ['pending', 'active'] }).notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

export const files = pgTable('files', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  shopId: integer('shop_id'),
  ownerUserId: integer('owner_user_id'),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** The clean copy: the upload decoded and encoded again (never the bytes as sent). */
  bytes: bytea('bytes').notNull(),
  /** A small WebP of the image (null for files stored before thumbnails existed). */
  thumbnail: bytea('thumbnail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
