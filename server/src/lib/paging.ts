import { PAGE_SIZE } from '@app/common/constants';
import type { Page } from '@app/common/contracts/paging';

export function pageWindow(page: number, pageSize = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function toPage<T>(data: T[], total: number, page: number, pageSize = PAGE_SIZE): Page<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / pageSize)), total };
}

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
