import { PAGE_BUTTONS } from '@app/common/constants';

/**
 * The page numbers shown by the pager: at most `size` (5, seed 000 §2) consecutive pages,
 * the current one centred where possible and the window kept inside 1..last.
 */
export function pageWindow(current: number, last: number, size: number = PAGE_BUTTONS): number[] {
  if (last < 1 || size < 1) return [];
  const page = Math.min(Math.max(current, 1), last);
  const count = Math.min(size, last);
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, last - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}
