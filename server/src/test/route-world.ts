import { ROLE, ROLE_IDS, type RoleId } from '@app/common/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { featureSamples } from './feature-samples.js';
import { createDirector, createUser, signIn, type CreatedUser } from './factories.js';

/**
 * Two tenants, each with one user per shop role, for the route-table authorization test.
 * Tenant A's records carry unique markers; tenant B's users must never see them.
 */
export async function createRouteWorld(app: FastifyInstance, db: Db) {
  const marker = `zq${Date.now().toString(36)}`;
  async function tenant(tag: string) {
    const { director, shops, depots } = await createDirector(db, {
      username: `${marker}${tag}dir`,
      planId: 4,
      counts: { shops: 10, depots: 10, users: 50 },
      shop: { nom: `${marker}-${tag}-shop` },
      depot: `${marker}-${tag}-depot`,
    });
    const shop = shops[0]!;
    const depot = depots[0]!;
    const users = new Map<RoleId, CreatedUser>([[ROLE.director, director]]);
    for (const role of ROLE_IDS) {
      if (role === ROLE.admin || role === ROLE.director) continue;
      users.set(role, await createUser(db, { roles: [role], shopIds: [shop.id], accountId: director.id, username: `${marker}${tag}r${role}` }));
    }
    const tokens = new Map<RoleId, string>();
    for (const [role, user] of users) tokens.set(role, await signIn(app, user));
    return { director, shop, depot, users, tokens };
  }
  const admin = await createUser(db, { roles: [ROLE.admin], username: `${marker}admin` });
  const a = await tenant('a');
  const b = await tenant('b');
  const adminToken = await signIn(app, admin);
  const tokenFor = (role: RoleId) => (role === ROLE.admin ? adminToken : a.tokens.get(role)!);
  // Each feature creates tenant A's records its routes name (features/*/*.samples.ts).
  const values: Record<string, string | number> = {};
  const world = { marker, a, values };
  for (const samples of featureSamples) Object.assign(values, await samples.setup?.({ app, db, world }));
  return { marker, admin, adminToken, a, b, tokenFor, values };
}

export type RouteWorld = Awaited<ReturnType<typeof createRouteWorld>>;
