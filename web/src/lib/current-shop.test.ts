import { describe, expect, it } from 'vitest';
import { resolveShop } from './current-shop';

const a = { idBoutique: 1, nom: 'A', telephone: '1', adresse: 'x', timeZone: 'Africa/Abidjan' };
const b = { idBoutique: 2, nom: 'B', telephone: '2', adresse: 'y', timeZone: 'Africa/Douala' };

describe('resolveShop', () => {
  it('keeps the stored shop while the user belongs to it', () => {
    expect(resolveShop([a, b], 2)).toEqual({ kind: 'chosen', shop: b });
  });

  it('takes the only shop, else asks', () => {
    expect(resolveShop([a], null)).toEqual({ kind: 'chosen', shop: a });
    expect(resolveShop([a], 9)).toEqual({ kind: 'chosen', shop: a });
    expect(resolveShop([a, b], 9)).toEqual({ kind: 'choose', shops: [a, b] });
    expect(resolveShop([a, b], null).kind).toBe('choose');
  });

  it('has no shop for an admin', () => {
    expect(resolveShop([], 1)).toEqual({ kind: 'none' });
  });
});
