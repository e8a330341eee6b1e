import { TINY_PNG } from './uploads.js';
import { featureSamples } from './feature-samples.js';
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
    // Admin-only routes (no shop role reaches them) and a file id no tenant B user may read.
    idLigne: 1,
    abonnement: 1,
    idFile: 2_147_483_000,
    file: 'image-2147483000.png',
    channel: 's2asport',
  };
  const value = values[name] ?? w.values[name];
  return value === undefined ? undefined : String(value);
}

/** Parameters that name a record or a shop of tenant A (the others are pages and search terms). */
export const RECORD_PARAMS = new Set([
'idBoutique', 'b', 'idDepot', 'depot', 'idUser', 'idU', 'user', 'idLigne', 'abonnement', 'idFile', 'file',
  ...featureSamples.flatMap((samples) => samples.recordParams ?? []),
]);

/**
 * A valid body for each route that takes one, keyed `METHOD url`. Valid so that a cross-tenant
 * call reaches the service's own checks instead of stopping at validation.
 */
export const SAMPLE_BODIES: Record<string, (w: RouteWorld) => unknown> = {
  'POST /api/auth/signin': () => ({ username: 'nobody', password: 'nothing' }),
  'POST /api/boutiques': (w) => ({ nom: `${w.marker}-new`, telephone: '01020304', adresse: 'Dakar' }),
  'PUT /api/boutiques/:idBoutique': () => ({ nom: 'Renamed', telephone: '01020304', adresse: 'Dakar' }),
  'PUT /e2v/api/profil/:idU': () => ({ username: 'renamed', changePassword: false }),
  'POST /api/users_gerant': (w) => ({ username: `${w.marker}new1`, nom: 'Kone', prenom: 'Ali', email: `${w.marker}new1@example.test`, password: 'Baobab2026', role: [4], boutiques: [w.a.shop.id], token: '', langue: 'FR' }),
  'POST /api/users_caisse_a': (w) => ({ username: `${w.marker}new2`, nom: 'Kone', prenom: 'Ali', email: `${w.marker}new2@example.test`, password: 'Baobab2026', role: [5], boutiques: [w.a.shop.id], token: '', langue: 'FR' }),
  'PUT /api/users/gerant/:idUser': (w) => ({ username: `${w.marker}edit`, nom: 'Kone', prenom: 'Ali', email: `${w.marker}edit@example.test`, role: [4], boutiques: [w.a.shop.id] }),
  'PUT /api/update/pass/:idUser': (w) => ({ idUser: w.a.users.get(4)!.id, nouveau: 'Secret456', confirmation: 'Secret456' }),
  'POST /api/depots': (w) => ({ libelle: `${w.marker}-new-depot`, boutique: { idBoutique: w.a.shop.id } }),
  'PUT /api/depots/:idDepot': (w) => ({ libelle: `${w.marker}-renamed-depot`, boutique: { idBoutique: w.a.shop.id } }),
  'POST /api/ligne_depot': (w) => ({ depots: w.a.depot.id, users: w.a.users.get(4)!.id }),
  'POST /api/users_directeur': (w) => ({ username: `${w.marker}dir2`, nom: 'Kone', prenom: 'Awa', email: `${w.marker}dir2@example.test`, nomBoutque: 'Chez Awa', adresse: 'Cocody', tel: '07080910', password: 'Baobab2026', ligne: { abonnement: 2, annees: 1 } }),
  'PUT /api/users_directeur/:idUser': () => ({ username: 'renamed', nom: 'Kone', prenom: 'Awa', email: 'renamed@example.test', nomBoutque: 'Chez Awa', adresse: 'Cocody', tel: '07080910' }),
  'POST /api/users_admin': (w) => ({ username: `${w.marker}adm2`, nom: 'Admin', prenom: 'Deux', email: `${w.marker}adm2@example.test`, password: 'Baobab2026' }),
  'PUT /api/users_admin/:idUser': () => ({ username: 'renamed', nom: 'Admin', prenom: 'Deux', email: 'renamed@example.test' }),
  'PUT /api/ligne/abonnement/:idLigne': () => ({ abonnement: 3, annees: 2 }),
  'PUT /api/client-channels/:channel': (w) => ({ boutique: w.a.shop.id }),
  // Public routes (the fuzz test sends them too). A Buffer is sent as a file part of a multipart body.
  'POST /api/auth/clients/s2asport': (w) => clientBody(w, 's'),
  'POST /api/auth/clients/win': (w) => clientBody(w, 'w'),
  'POST /api/auth/forget_password': (w) => ({ email: `${w.marker}nobody@example.test`, langue: 'fr' }),
  'POST /api/auth/reset_password': () => ({ token: 'no-such-token', password: 'Baobab2026', confirmation: 'Baobab2026' }),
  'POST /api/auth/users/abonnement': (w) => ({ ...registrationFields(w, 'std'), abonnement: 2, preuve: TINY_PNG }),
  'POST /api/auth/users/abonnement/personnalise': (w) => ({
    ...registrationFields(w, 'cus'),
    abonnement: 4,
    boutiques: 2,
    depots: 3,
    users: 5,
    factures: 100,
    preuve: TINY_PNG,
  }),
  ...Object.assign({}, ...featureSamples.map((samples) => samples.bodies ?? {})),
};

const clientBody = (w: RouteWorld, tag: string) => ({
  nom: 'Kone',
  prenom: 'Ali',
  email: `${w.marker}${tag}client@example.test`,
  telephone: '0707070707',
  adresse: 'Cocody',
  country: { id: 'CI', nom: "Côte d'Ivoire", indicatif: '+225' },
});

const registrationFields = (w: RouteWorld, tag: string) => ({
  username: `${w.marker}${tag}`,
  nom: 'Kone',
  prenom: 'Awa',
  email: `${w.marker}${tag}@example.test`,
  adresse: 'Cocody',
  nomBoutque: 'Chez Awa',
  telephone: '0707070707',
  tel: '07080910',
  password: 'Baobab2026',
  confirmation: 'Baobab2026',
  jours: 365,
});
