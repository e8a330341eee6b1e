import { z } from 'zod';

/** Server pages of seed 000 §3: `{ data, current_page, last_page }`, pages counted from 1. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  });
}

export type Page<T> = { data: T[]; current_page: number; last_page: number; total: number };

export const pageParam = z.coerce.number().int().min(1).max(1_000_000);
