import type { Person } from '@app/common/contracts/person';
import { ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { likePattern } from './paging.js';

/**
 * A person (a `users` row) as every feature writes, shows and searches one: directors and
 * platform admins for the admin, shop users for a director, the signed-in user.
 */

type UserRow = typeof users.$inferSelect;

/** The person fields of a form (`common/src/contracts/person.ts`), as columns of `users`. */
export type PersonInput = { username: string; nom: string; prenom: string; email: string; telephone?: string | null | undefined };

/** The columns a new person is written with; no phone is null. */
export function personColumns(input: PersonInput) {
  return {
    username: input.username,
    nom: input.nom,
    prenom: input.prenom,
    email: input.email,
    telephone: input.telephone ?? null,
  };
}

/** A user row on the wire. */
export function serializePerson(user: UserRow): Person {
  return {
    idUser: user.id,
    username: user.username,
    nom: user.nom,
    prenom: user.prenom,
    email: user.email,
    telephone: user.telephone,
    active: user.active ? 1 : 0,
  };
}

/**
 * The search of every person list: the term (taken literally) in the username, names, e-mail
 * or phone, or in what the caller adds for its list (`more(pattern)`: a shop name, a plan, a
 * depot). Undefined when the term is blank: no filter.
 */
export function personSearch(
  term: string | undefined,
  more: (pattern: string) => (SQL | undefined)[] = () => [],
): SQL | undefined {
  if (!term?.trim()) return undefined;
  const pattern = likePattern(term);
  return or(
    ilike(users.username, pattern),
    ilike(users.nom, pattern),
    ilike(users.prenom, pattern),
    ilike(users.email, pattern),
    ilike(users.telephone, pattern),
    ...more(pattern),
  );
}
