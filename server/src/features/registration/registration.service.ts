import type { Language } from '@app/common/languages';
import {
  PLAN_CODE,
  type CustomRegistrationBody,
  type RegistrationResponse,
  type StandardRegistrationBody,
} from '@app/common/contracts/registration';
import { planPriceFcfa } from '@app/common/money';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashChosenPassword } from '../../lib/passwords.js';
import { personColumns } from '../../lib/person.js';
import { storeImage } from '../files/uploads.service.js';
import { findPlan } from '../subscriptions/plans.service.js';
import { insertDirectorAccount } from './director-account.service.js';
import { emailExists, phoneExists, usernameExists } from '../identity/identity.service.js';

type Counts = { shops: number; depots: number; users: number; invoices: number | null };

/** Bronze and Argent: the plan's counts; the price is the plan's price for the period. */
export async function registerStandard(
  db: Db,
  body: StandardRegistrationBody,
  lang: Language = 'fr',
): Promise<RegistrationResponse> {
  const plan = await findPlan(db, body.abonnement);
  if (plan.shops === null || plan.depots === null || plan.users === null) throw new AppError('NOT_FOUND');
  const counts = { shops: plan.shops, depots: plan.depots, users: plan.users, invoices: null };
  return register(db, body, plan.id, counts, planPriceFcfa(plan.priceFcfa, body.jours), lang);
}

/** Personaliser: the counts the director asks for; the admin sets the price later (DECISIONS §2). */
export async function registerCustom(db: Db, body: CustomRegistrationBody, lang: Language = 'fr'): Promise<RegistrationResponse> {
  const counts = { shops: body.boutiques, depots: body.depots, users: body.users, invoices: body.factures ?? null };
  return register(db, body, PLAN_CODE.personaliser, counts, null, lang);
}

type RegistrationFields = Omit<StandardRegistrationBody, 'abonnement' | 'preuve'> & { preuve?: unknown };

/**
 * One transaction: the inactive director, the first shop and the pending subscription line with
 * its proof image. A taken username, e-mail or phone, or a refused file, writes nothing.
 */
async function register(
  db: Db,
  body: RegistrationFields,
  planId: number,
  counts: Counts,
  priceFcfa: number | null,
  lang: Language,
) {
  // Hashing is slow: done before the transaction so that it holds no lock meanwhile.
  const passwordHash = await hashChosenPassword(body.password);
  return db.transaction(async (tx) => {
    const { userId, shopId } = await insertDirectorAccount(
      tx,
      { ...personColumns(body), passwordHash, active: false },
      { nom: body.nomBoutque, telephone: body.tel, adresse: body.adresse },
      lang,
    );
    // The proof belongs to the director, not to the shop: shop staff never see it.
    const proofFileId = body.preuve === undefined ? null : await storeImage(tx, body.preuve, { userId, shopId: null });
    const [line] = await tx
      .insert(subscriptions)
      .values({ userId, planId, ...counts, days: body.jours, priceFcfa, proofFileId, status: 'pending' })
      .returning({ id: subscriptions.id });
    if (!line) throw new Error('subscription insert returned nothing');
    return {
      idUser: userId,
      username: body.username,
      active: 0,
      idBoutique: shopId,
      idLigne: line.id,
      status: 'pending' as const,
    };
  });
}

/** Live checks of the register screen: 1 when taken, else 0. */
export const checkUsername = async (db: Db, username: string) => ((await usernameExists(db, username)) ? 1 : 0);
export const checkEmail = async (db: Db, email: string) => ((await emailExists(db, email)) ? 1 : 0);
export const checkPhone = async (db: Db, telephone: string) =>
  (await phoneExists(db, telephone.replace(/[\s.-]/g, ''))) ? 1 : 0;
