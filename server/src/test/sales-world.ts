import { ROLE, type RoleId } from '@app/common/roles';
import { as, type TestApp } from './app.js';
import { createDirector, createUser, signIn } from './factories.js';

// Test-only (it signs in through the test app): kept apart from trading-factories, which the
// route samples (built with the server) import.

/**
 * A roomy account's first shop and depot, with its director, two sellers and a cashier signed in
 * (the invoices and invoice-edit tests' world).
 */
export async function salesWorld(t: TestApp) {
  const world = await createDirector(t.db, { planId: 4, counts: { shops: 3, depots: 5, users: 20 } });
  const shop = world.shops[0]!;
  const depot = world.depots[0]!;
  const staff = (role: RoleId) => createUser(t.db, { roles: [role], shopIds: [shop.id], accountId: world.director.id });
  const [seller, seller2, cashier] = [await staff(ROLE.seller), await staff(ROLE.seller), await staff(ROLE.cashier)];
  return {
    shop,
    depot,
    director: as(t.app, await signIn(t.app, world.director)),
    seller: as(t.app, await signIn(t.app, seller)),
    seller2: as(t.app, await signIn(t.app, seller2)),
    cashier: as(t.app, await signIn(t.app, cashier)),
    sellerId: seller.id,
    directorId: world.director.id,
  };
}
