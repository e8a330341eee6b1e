import type { Language } from '@app/common/languages';
import type { CreateDirectorBody, DirectorRow, UpdateDirectorBody } from '@app/common/contracts/admin';
import type { Page } from '@app/common/contracts/paging';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shopMembers, shops, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { hashChosenPassword } from '../../lib/passwords.js';
import { personColumns } from '../../lib/person.js';
import { revokeOtherSessions } from '../sessions/sessions.service.js';
import { insertDirectorAccount } from '../registration/director-account.service.js';
import { serializeDirector } from './admin.serializer.js';
import { findDirector, firstShops, listDirectors } from './directors.queries.js';
import { savePersonEdit } from './person-edit.js';
import { createDefaultCashRegister } from '../cash-registers/cash-registers.service.js';
import { attachPlan, latestLines } from './subscription-lines.service.js';

export async function pageDirectors(db: Db, page: number, term?: string): Promise<Page<DirectorRow>> {
  const { rows, total } = await listDirectors(db, { page, term });
  const ids = rows.map((row) => row.id);
  const [shopsByAccount, linesByAccount] = await Promise.all([firstShops(db, ids), latestLines(db, ids)]);
  return toPage(
    rows.map((row) => serializeDirector(row, shopsByAccount.get(row.id), linesByAccount.get(row.id))),
    total,
    page,
  );
}

async function directorRow(db: Db, userId: number): Promise<DirectorRow> {
  const director = await findDirector(db, userId);
  if (!director) throw new AppError('NOT_FOUND');
  const [shop, line] = await Promise.all([firstShops(db, [userId]), latestLines(db, [userId])]);
  return serializeDirector(director, shop.get(userId), line.get(userId));
}

/**
 * The admin's create dialog: an active director with a first shop and an active subscription
 * line for the chosen plan and period, starting now, in one transaction.
 */
export async function createDirector(db: Db, body: CreateDirectorBody, lang: Language = 'fr'): Promise<DirectorRow> {
  const passwordHash = await hashChosenPassword(body.password);
  const { userId } = await db.transaction(async (tx) => {
    const account = await insertDirectorAccount(
      tx,
      { ...personColumns(body), passwordHash, active: true },
      { nom: body.nomBoutque, telephone: body.tel, adresse: body.adresse },
      lang,
    );
    await attachPlan(tx, account.userId, body.ligne);
    return account;
  });
  return directorRow(db, userId);
}

/**
 * Edits the director, their first shop and, when a plan is given, their subscription (the
 * latest line takes it, or an active one is attached). Only director accounts: an admin or a
 * shop user named here is "not found". A new password ends the director's sessions (DECISIONS §3).
 */
export async function updateDirector(db: Db, userId: number, body: UpdateDirectorBody): Promise<DirectorRow> {
  const passwordHash = body.password ? await hashChosenPassword(body.password) : null;
  await db.transaction(async (tx) => {
    const director = await findDirector(tx, userId);
    if (!director) throw new AppError('NOT_FOUND');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await savePersonEdit(tx, userId, body, passwordHash, null);
    const shopFields = { nom: body.nomBoutque, telephone: body.tel, adresse: body.adresse };
    const first = (await firstShops(tx, [userId])).get(userId);
    if (first) {
      await tx.update(shops).set(shopFields).where(eq(shops.id, first.id));
    } else {
      const [shop] = await tx
        .insert(shops)
        .values({ ...shopFields, accountId: userId })
        .returning({ id: shops.id });
      if (!shop) throw new Error('shop insert returned nothing');
      await createDefaultCashRegister(tx, shop.id);
      await tx.insert(shopMembers).values({ shopId: shop.id, userId });
    }
    if (body.ligne) await attachPlan(tx, userId, body.ligne);
  });
  return directorRow(db, userId);
}

/** Soft delete: the account's records stay for its documents; the director can no longer sign in. */
export async function deleteDirector(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const director = await findDirector(tx, userId);
    if (!director) throw new AppError('NOT_FOUND');
    await tx
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeOtherSessions(tx, userId, null);
  });
}
