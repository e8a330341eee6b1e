import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import { saleBody } from '@app/common/contracts/sales';
import { describe, expect, it } from 'vitest';
import { canConfirm, dueFor, saleRequest, settle, type PayLine } from './payments';
import { createSaleDraftKeeper } from './sale-draft';

const cash = (amount: number | ''): PayLine => ({ method: 'cash', amount, reference: '' });

describe('till payments', () => {
  it('cash over the total gives change and settles', () => {
    const result = settle(12_250, [cash(15_000)]);
    expect(result.ok && result.settlement).toMatchObject({ changeFcfa: 2_750, remainingFcfa: 0, settled: true });
    expect(canConfirm(INVOICE_TYPE.cash, result, null)).toBe(true);
  });

  it('split: mobile money first, cash covers the rest; each line knows what is left for it', () => {
    const lines: PayLine[] = [{ method: 'orange_money', amount: 5_000, reference: 'OM-1' }, cash('')];
    expect(dueFor(12_250, lines, 1)).toBe(7_250);
    expect(dueFor(12_250, lines, 0)).toBe(12_250);
    const result = settle(12_250, [lines[0]!, cash(10_000)]);
    expect(result.ok && result.settlement).toMatchObject({ paidFcfa: 12_250, changeFcfa: 2_750, remainingFcfa: 0 });
  });

  it('refuses what the server would: no reference, mobile money above the due', () => {
    expect(settle(1_000, [{ method: 'wave', amount: 1_000, reference: ' ' }])).toEqual({
      ok: false,
      refused: 'PAYMENT_REFERENCE_REQUIRED',
      index: 0,
    });
    expect(settle(1_000, [cash(''), { method: 'card', amount: 2_000, reference: 'C' }])).toEqual({
      ok: false,
      refused: 'PAYMENT_EXCEEDS_REMAINDER',
      index: 1,
    });
  });

  it('a cash sale is paid in full; a credit sale needs its client and may leave a remainder', () => {
    const part = settle(10_000, [cash(4_000)]);
    expect(canConfirm(INVOICE_TYPE.cash, part, null)).toBe(false);
    expect(canConfirm(INVOICE_TYPE.credit, part, null)).toBe(false);
    expect(canConfirm(INVOICE_TYPE.credit, part, 7)).toBe(true);
    expect(canConfirm(INVOICE_TYPE.credit, settle(10_000, []), 7)).toBe(true);
    expect(canConfirm(INVOICE_TYPE.cash, settle(10_000, []), null)).toBe(false);
    // A discount of the whole sum: nothing to pay, confirmed with no payment (any amount typed is refused).
    expect(canConfirm(INVOICE_TYPE.cash, settle(0, [cash('')]), null)).toBe(true);
    expect(canConfirm(INVOICE_TYPE.cash, settle(0, [cash(500)]), null)).toBe(false);
  });

  /** A walk-in cash sale of shop 3, depot 4, default register. */
  const walkInCash = {
    draft: { id: '0b8e2c1e-4f5a-4d7b-9a43-2f1f3c9e8d10', vendueLe: '2026-11-26T10:00:00.000Z' },
    shopId: 3,
    depotId: 4,
    registerId: null,
    clientId: null,
    typeFacture: INVOICE_TYPE.cash,
  };

  it('builds a body the contract accepts, without empty lines nor cash references', () => {
    const body = saleRequest({
      ...walkInCash,
      cart: [{ articleId: 9, designation: 'Savon', unitPriceFcfa: 500, quantity: 2 }],
      payments: [{ method: 'cash', amount: 1_000, reference: 'x' }, cash('')],
    });
    expect(body.paiements).toEqual([{ methode: 'cash', montant: 1_000, reference: null }]);
    expect(body.remise).toBe(0);
    expect(saleBody.safeParse(body).success).toBe(true);
  });

  it('sends the discount agreed at the till as remise, the payments against the discounted total', () => {
    const cart = [{ articleId: 9, designation: 'Savon', unitPriceFcfa: 500, quantity: 3 }];
    const payments = [cash(2_000)];
    const result = settle(1_200, payments);
    expect(result.ok && result.settlement.changeFcfa).toBe(800);
    expect(dueFor(1_200, payments, 0)).toBe(1_200);
    const body = saleRequest({
      ...walkInCash,
      cart,
      discountFcfa: 300,
      payments,
    });
    expect(body.remise).toBe(300);
    expect(body.lignes).toEqual([{ article: 9, quantite: 3 }]);
    expect(body.paiements).toEqual([{ methode: 'cash', montant: 2_000, reference: null }]);
    expect(saleBody.safeParse(body).success).toBe(true);
  });
});

describe('sale id of a cart', () => {
  it('stays the same for the same cart until the sale is recorded', () => {
    let n = 0;
    let clock = 0;
    const keeper = createSaleDraftKeeper(
      () => `id-${++n}`,
      () => new Date(Date.UTC(2026, 10, 26, 10, 0, clock)),
    );
    expect(keeper.idFor('1x2')).toBe('id-1');
    const first = keeper.draftFor('1x2');
    clock = 30;
    expect(keeper.draftFor('1x2')).toEqual(first);
    expect(keeper.idFor('1x3')).toBe('id-2');
    keeper.done();
    expect(keeper.idFor('1x3')).toBe('id-3');
  });
});
