import { describe, expect, it } from 'vitest';
import { readTableParams, writeTableParams } from './table-params';

const read = (search: string) => readTableParams(new URLSearchParams(search));

describe('table params in the URL', () => {
  it('reads the page and the search term', () => {
    expect(read('?page=3&q=awa')).toEqual({ page: 3, term: 'awa' });
    expect(read('?q=%20Kon%C3%A9%20')).toEqual({ page: 1, term: 'Koné' });
  });

  it('falls back to page 1 and no term', () => {
    expect(read('')).toEqual({ page: 1, term: '' });
    for (const page of ['0', '-2', 'abc', '1.5', '1e9', '9999999', '']) expect(read(`?page=${page}`).page).toBe(1);
  });

  it('caps the term at the search box length', () => {
    expect(read(`?q=${'a'.repeat(150)}`).term).toHaveLength(100);
  });

  it('writes page and term, leaving out page 1 and an empty term, keeping other params', () => {
    const start = new URLSearchParams('tab=2&page=4&q=old');
    expect(writeTableParams(start, { page: 2, term: 'new' }).toString()).toBe('tab=2&page=2&q=new');
    expect(writeTableParams(start, { page: 1, term: '  ' }).toString()).toBe('tab=2');
    expect(start.toString()).toBe('tab=2&page=4&q=old');
  });

  it('reads back what it writes', () => {
    const written = writeTableParams(new URLSearchParams(), { page: 7, term: 'Boutique Plateau & Co' });
    expect(readTableParams(written)).toEqual({ page: 7, term: 'Boutique Plateau & Co' });
  });
});
