import { describe, expect, it } from 'vitest';
import { emptyReception, isLargeLine, receptionFormSchema } from './reception-form';

describe('reception form', () => {
  it('sends no driver or supplier as 0 and the lines as the seed names them, with the purchase price entered', () => {
    const parsed = receptionFormSchema.safeParse({
      ...emptyReception(7),
      depot: 3,
      lines: [{ articleId: 11, quantity: 10, designation: 'Riz', prixAchat: 8_500 }],
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ depot: 3, boutique: 7, article: [{ articles: 11, nombre: 10, prixAchat: 8_500 }] });
  });

  it('reports a missing depot and an empty table', () => {
    const parsed = receptionFormSchema.safeParse(emptyReception(7));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['depot', 'validation.required'],
        ['article', 'validation.linesRequired'],
      ]),
    );
  });
});

describe('isLargeLine', () => {
  it('asks before a line of 1 000 units or more, or of 10 000 000 FCFA or more', () => {
    expect(isLargeLine({ quantity: 999, prixAchat: 5_000 })).toBe(false);
    expect(isLargeLine({ quantity: 1_000, prixAchat: 0 })).toBe(true);
    expect(isLargeLine({ quantity: 100_000, prixAchat: 750 })).toBe(true);
    expect(isLargeLine({ quantity: 10, prixAchat: 999_999 })).toBe(false);
    expect(isLargeLine({ quantity: 10, prixAchat: 1_000_000 })).toBe(true);
  });
});
