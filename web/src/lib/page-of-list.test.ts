import { describe, expect, it } from 'vitest';
import { pageOfList, searchable } from './page-of-list';

const people = Array.from({ length: 23 }, (_, index) => ({ name: `user${index + 1}`, city: index % 2 ? 'Abidjan' : 'Bouaké' }));
const fields = (person: { name: string; city: string }) => [person.name, person.city];

describe('pageOfList', () => {
  it('cuts pages of the given size and counts the last one', () => {
    const first = pageOfList(people, 1, '', fields, 10);
    expect(first).toMatchObject({ current_page: 1, last_page: 3, total: 23 });
    expect(first.data.map((p) => p.name)).toEqual(people.slice(0, 10).map((p) => p.name));
    expect(pageOfList(people, 3, '', fields, 10).data).toHaveLength(3);
  });

  it('keeps the asked page inside 1..last', () => {
    expect(pageOfList(people, 9, '', fields, 10).current_page).toBe(3);
    expect(pageOfList(people, 0, '', fields, 10).current_page).toBe(1);
  });

  it('searches every field, case and accents ignored', () => {
    const result = pageOfList(people, 1, 'BOUAKE', fields, 100);
    expect(result.total).toBe(12);
    expect(pageOfList(people, 1, 'user2', fields, 100).data.map((p) => p.name)).toEqual([
      'user2',
      'user20',
      'user21',
      'user22',
      'user23',
    ]);
  });

  it('answers one empty page when nothing matches', () => {
    expect(pageOfList(people, 1, 'zzz', fields, 10)).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 });
  });

  it('ignores null fields', () => {
    expect(pageOfList([{ a: null as string | null }], 1, 'x', (row) => [row.a]).total).toBe(0);
    expect(searchable(' Éric ')).toBe('eric');
  });
});
