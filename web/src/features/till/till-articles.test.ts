import { describe, expect, it } from 'vitest';
import { articleInitials, byBarcode, filterArticles, scannedArticle, type TillArticle } from './till-articles';

const article = (
  articleId: number,
  designation: string,
  available: number,
  barcode: string | null = null,
  categoryId: number | null = null,
): TillArticle => ({
  articleId,
  designation,
  unitPriceFcfa: 100,
  available,
  barcode,
  image: null,
  categoryId,
  rateBp: null,
  pricesIncludeVat: true,
});

describe('till articles', () => {
  const all = [
    article(1, 'Café Touba', 0, '6001234567890', 1),
    article(2, 'Riz parfumé', 4, null, 2),
    article(3, 'Cacahuètes', 2, '40000017', 1),
  ];

  it('searches names without accents and barcodes, in one category, sellable first', () => {
    expect(filterArticles(all, null, 'cafe').map((a) => a.articleId)).toEqual([1]);
    expect(filterArticles(all, null, '4000').map((a) => a.articleId)).toEqual([3]);
    expect(filterArticles(all, 1, '').map((a) => a.articleId)).toEqual([3, 1]);
  });

  it('finds a scanned code exactly', () => {
    expect(byBarcode(all, '6001234567890')?.articleId).toBe(1);
    expect(byBarcode(all, '600123456789')).toBeUndefined();
  });

  it("joins a scan's first characters typed into the search box to the fast run that followed", () => {
    expect(scannedArticle(all, '234567890', '6001')).toMatchObject({
      article: { articleId: 1 },
      code: '6001234567890',
      joined: true,
    });
    expect(scannedArticle(all, '6001234567890', 'riz')).toMatchObject({ article: { articleId: 1 }, joined: false });
    expect(scannedArticle(all, '234567890', '')).toMatchObject({ article: undefined, code: '234567890' });
    expect(scannedArticle(all, '234567890', 'riz ')).toMatchObject({ article: undefined, code: '234567890', joined: false });
  });

  it('makes initials of a name', () => {
    expect(articleInitials('Riz parfumé 5 kg')).toBe('RP');
    expect(articleInitials('Mil 10 kg')).toBe('MI');
    expect(articleInitials('Cola 1,5 L')).toBe('CO');
    expect(articleInitials('Cahier 100 pages')).toBe('CP');
    expect(articleInitials('Huile')).toBe('HU');
    // Linking words stand for nothing: not « BÀ », « CÀ ».
    expect(articleInitials('Brosse à dents')).toBe('BD');
    expect(articleInitials('Crayon à papier (boîte de 12)')).toBe('CP');
    expect(articleInitials('Pâte d’arachide')).toBe('PA');
    expect(articleInitials('De')).toBe('DE');
    expect(articleInitials('7UP')).toBe('7U');
    expect(articleInitials('"Lait" - concentré')).toBe('LC');
  });
});
