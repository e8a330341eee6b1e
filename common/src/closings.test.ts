import { describe, expect, it } from 'vitest';
import { allMethods, closingFigures } from './closings.js';

describe('closing figures', () => {
  it('expected cash = float + cash handed over - change given; difference = counted - expected', () => {
    // 11 000 FCFA of cash applied with 6 000 of change: 17 000 handed over.
    const figures = closingFigures({
      openingFloatFcfa: 20_000,
      totalsByMethod: { cash: 11_000, orange_money: 4_000, card: 2_500 },
      changeGivenFcfa: 6_000,
      countedCashFcfa: 30_500,
    });
    expect(figures).toEqual({ cashReceivedFcfa: 17_000, expectedCashFcfa: 31_000, differenceFcfa: -500 });
  });

  it('other methods never reach the drawer; nothing counted yet gives no difference', () => {
    expect(
      closingFigures({ openingFloatFcfa: 0, totalsByMethod: { wave: 9_000 }, changeGivenFcfa: 0, countedCashFcfa: null }),
    ).toEqual({
      cashReceivedFcfa: 0,
      expectedCashFcfa: 0,
      differenceFcfa: null,
    });
    expect(
      closingFigures({ openingFloatFcfa: 5_000, totalsByMethod: {}, changeGivenFcfa: 0, countedCashFcfa: 5_200 }).differenceFcfa,
    ).toBe(200);
  });

  it('lists every method in the order of DECISIONS §12, 0 when unused', () => {
    expect(allMethods({ card: 3 })).toEqual([
      { methode: 'cash', montant: 0 },
      { methode: 'orange_money', montant: 0 },
      { methode: 'wave', montant: 0 },
      { methode: 'mtn_momo', montant: 0 },
      { methode: 'moov_money', montant: 0 },
      { methode: 'card', montant: 3 },
      { methode: 'cheque', montant: 0 },
    ]);
  });
});
