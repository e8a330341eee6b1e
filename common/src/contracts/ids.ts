import { z } from 'zod';

/**
 * Record ids are PostgreSQL `integer` (int4): a value above this is refused as invalid input
 * (400) instead of reaching the database, whether it comes in the path or in the body.
 */
export const ID_MAX = 2_147_483_647;

/** An id in the path (`/api/depots/{idDepot}`): text coerced to a whole number in 1..ID_MAX. */
export const idParam = z.coerce.number().int().positive().max(ID_MAX);

/** A required id in a body, chosen in a select (shop, depot, user): a whole number in 1..ID_MAX. */
export const requiredId = z
  .number({ message: 'validation.required' })
  .int({ message: 'validation.required' })
  .positive({ message: 'validation.required' })
  .max(ID_MAX, { message: 'validation.invalid' });
