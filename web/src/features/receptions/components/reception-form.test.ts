import { describe, expect, it } from 'vitest';
import { emptyReception, receptionFormSchema } from './reception-form';

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
