import { ROLE } from '@app/common/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { shopContext } from './access.js';
import { createReception } from '../features/receptions/receptions.service.js';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { actorOf, createDirector, createRegisteredDirector, createUser, signIn } from '../test/factories.js';
import { createArticle } from '../test/trading-factories.js';

/**
 * The audit trail (issue 12 §6) for the actions added here: a user's roles and shops changed,
 * their password set, their removal and deletion, a reception changed or deleted. (Invoice delete, payment
 * correction and delivery cancel are checked by their own features' tests.) Written with the
 * action, not without it; and no route can change or remove a line of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const trail = (entity: string, entityId: number) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));

describe('audit trail', () => {
  it('records who changed a user, when, and the roles and shops before and after', async () => {
    const { director, shops } = await createDirector(t.db, { shopCount: 2 });
    const call = as(t.app, await signIn(t.app, director));
    const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id] });
    const person = { username: seller.username, nom: 'Nom', prenom: 'Prenom', email: `${seller.username}@example.test` };
    const response = await call({
      method: 'PUT',
      url: `/api/users/gerant/${seller.id}`,
      payload: { ...person, role: [ROLE.manager], boutiques: [shops[1]!.id] },
    });
    expect(response.statusCode).toBe(200);
    const [line] = await trail('user', seller.id);
    expect(line).toMatchObject({
      userId: director.id,
      action: 'user.update',
      before: { roles: [ROLE.seller], shops: [shops[0]!.id] },
      after: { roles: [ROLE.manager], shops: [shops[1]!.id] },
    });
    expect(Date.now() - new Date(line!.createdAt).getTime()).toBeLessThan(60_000);

    // A refused change writes no line.
    const self = await call({ method: 'DELETE', url: `/api/users/${director.id}` });
    expect(self.statusCode).toBe(422);
    expect(await trail('user', director.id)).toEqual([]);

    expect((await call({ method: 'PUT', url: `/api/update/pass/${seller.id}`, payload: { nouveau: 'Changed123' } })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/users/boutique/${shops[1]!.id}/${seller.id}` })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/users/${seller.id}` })).statusCode).toBe(200);
    const actions = (await trail('user', seller.id)).map((l) => l.action);
    expect(actions).toEqual(['user.update', 'user.password_set', 'user.remove_from_shop', 'user.delete']);
    // The password itself is never in the trail.
    expect(JSON.stringify(await trail('user', seller.id))).not.toContain('Changed123');
  });

  it('records a deleted reception with its lines, in its shop', async () => {
    const { director, shops, depots } = await createDirector(t.db);
    const ctx = shopContext(await actorOf(t.db, director.id), shops[0]!.id);
    const article = await createArticle(t.db, { id: depots[0]!.id, shopId: shops[0]!.id }, { quantite: 0 });
    const reception = await createReception(t.db, ctx, { depot: depots[0]!.id, boutique: shops[0]!.id, article: [{ articles: article.id, nombre: 5 }] });
    const call = as(t.app, await signIn(t.app, director));
    const response = await call({ method: 'DELETE', url: `/api/reception/${reception.idReception}` });
    expect(response.statusCode, response.body).toBe(200);
    const [line] = await trail('reception', reception.idReception);
    expect(line).toMatchObject({
      shopId: shops[0]!.id,
      userId: director.id,
      action: 'reception.delete',
      before: { code: reception.code, depot: depots[0]!.libelle, lines: `${article.designation} × 5` },
      after: { deleted: true },
    });
  });

  it('records a changed reception: its lines and prices before and after, and what it did to the articles\' purchase prices', async () => {
    const { director, shops, depots } = await createDirector(t.db);
    const shop = shops[0]!;
    const keeper = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shop.id], accountId: director.id });
    const ctx = shopContext(await actorOf(t.db, keeper.id), shop.id);
    const article = await createArticle(t.db, { id: depots[0]!.id, shopId: shop.id }, { designation: 'Riz 25 kg', prixAchat: 9_000, quantite: 0 });
    // The warehouse keeper's own reception, its price typed wrong.
    const reception = await createReception(t.db, ctx, { depot: depots[0]!.id, boutique: shop.id, article: [{ articles: article.id, nombre: 10, prixAchat: 90_000 }] });
    const call = as(t.app, await signIn(t.app, keeper));
    const response = await call({
      method: 'PUT',
      url: `/api/reception/${reception.idReception}`,
      payload: { depot: depots[0]!.id, boutique: shop.id, article: [{ articles: article.id, nombre: 8, prixAchat: 9_000 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = await trail('reception', reception.idReception);
    expect(lines).toHaveLength(1);
    const fcfa = (amount: string) => `${amount.replace(' ', '\u202f')}\u00a0FCFA`;
    expect(lines[0]).toMatchObject({
      shopId: shop.id,
      userId: keeper.id,
      action: 'reception.update',
      before: { code: reception.code, depot: depots[0]!.libelle, lines: 'Riz 25 kg × 10', prices: `Riz 25 kg ${fcfa('90 000')}`, averageCosts: `Riz 25 kg ${fcfa('90 000')}` },
      after: { code: reception.code, depot: depots[0]!.libelle, lines: 'Riz 25 kg × 8', prices: `Riz 25 kg ${fcfa('9 000')}`, averageCosts: `Riz 25 kg ${fcfa('9 000')}` },
    });
    // A refused change writes no line.
    const refused = await call({
      method: 'PUT',
      url: `/api/reception/${reception.idReception}`,
      payload: { depot: depots[0]!.id, boutique: shop.id, article: [{ articles: 999_999, nombre: 8 }] },
    });
    expect(refused.statusCode).toBe(422);
    expect(await trail('reception', reception.idReception)).toHaveLength(1);
  });

  it('records a subscription activation by the platform admin, once', async () => {
    const admin = await createUser(t.db, { roles: [ROLE.admin] });
    const call = as(t.app, await signIn(t.app, admin));
    const { director, line } = await createRegisteredDirector(t.db, { planId: 2 });
    for (let i = 0; i < 2; i++) {
      const response = await call({ method: 'GET', url: `/api/users/active/${director.id}/${line.id}` });
      expect(response.statusCode, response.body).toBe(200);
    }
    const lines = await trail('subscription', line.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ userId: admin.id, action: 'subscription.activate', before: { status: 'pending', directorId: director.id }, after: { status: 'active' } });
  });

  it('cannot be changed or removed through any route', () => {
    const writes = t.app.routeTable.filter((route) => route.method !== 'GET' && /audit|journal/i.test(route.url));
    expect(writes).toEqual([]);
  });
});
