import type { RouteWorld } from './route-world.js';

/**
 * Path parameter values: ids point at tenant A's records, so that a caller from tenant B
 * must be refused (403/404). A route with a parameter not listed here fails the
 * route-table test until a value is added.
 */
export function paramValue(name: string, w: RouteWorld): string | undefined {
  const values: Record<string, string | number> = {
    idBoutique: w.a.shop.id,
    b: w.a.shop.id,
    idDepot: w.a.depot.id,
    depot: w.a.depot.id,
    idUser: w.a.users.get(4)!.id,
    idU: w.a.users.get(4)!.id,
    user: w.a.users.get(4)!.id,
    p: 1,
    page: 1,
    term: w.marker,
    search: w.marker,
    q: w.marker,
  };
  const value = values[name];
  return value === undefined ? undefined : String(value);
}

/** Parameters that name a record or a shop of tenant A (the others are pages and search terms). */
export const RECORD_PARAMS = new Set(['idBoutique', 'b', 'idDepot', 'depot', 'idUser', 'idU', 'user']);

/**
 * A valid body for each route that takes one, keyed `METHOD url`. Valid so that a cross-tenant
 * call reaches the service's own checks instead of stopping at validation.
 */
export const SAMPLE_BODIES: Record<string, (w: RouteWorld) => unknown> = {
  'POST /api/auth/signin': () => ({ username: 'nobody', password: 'nothing' }),
  'POST /api/boutiques': (w) => ({ nom: `${w.marker}-new`, telephone: '01020304', adresse: 'Dakar' }),
  'PUT /api/boutiques/:idBoutique': () => ({ nom: 'Renamed', telephone: '01020304', adresse: 'Dakar' }),
  'PUT /e2v/api/profil/:idU': () => ({ username: 'renamed', changePassword: false }),
};
